import { isIPv4 } from 'node:net';

const isLoopbackIpv4 = (address: string): boolean => isIPv4(address) && address.startsWith('127.');

/** Whether a peer address is this machine's loopback (`127.0.0.0/8`, `::1`, or IPv4 loopback mapped into IPv6). */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || isLoopbackIpv4(address) || (address.startsWith('::ffff:') && isLoopbackIpv4(address.slice(7))));
