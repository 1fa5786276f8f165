import { isIPv4 } from 'node:net';
import type { Request } from 'express';

const isLoopbackIpv4 = (address: string): boolean => isIPv4(address) && address.startsWith('127.');

/** Whether a peer address is this machine's loopback (`127.0.0.0/8`, `::1`, or IPv4 loopback mapped into IPv6). */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || isLoopbackIpv4(address) || (address.startsWith('::ffff:') && isLoopbackIpv4(address.slice(7))));

/** A Host header naming this machine: `localhost`, `127.x.y.z` or `[::1]`, with or without a port. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;
/** Headers a proxy adds to what it relays. */
const RELAYED_BY_PROXY = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * A request made on this machine: the peer is loopback (the socket's address, never what `X-Forwarded-For`
 * claims), the request was not relayed by a proxy (through a proxy on this machine every client would look local),
 * and its Host names this machine (a web page cannot reach it by DNS rebinding).
 */
export const isFromThisMachine = (request: Request): boolean =>
  isLoopback(request.socket.remoteAddress) &&
  LOOPBACK_HOST.test(request.get('host') ?? '') &&
  RELAYED_BY_PROXY.every((header) => request.get(header) === undefined);
