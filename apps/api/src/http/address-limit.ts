import { isIPv6 } from 'node:net';
import { sharedRateLimiter, type Database } from '@svc/db';
import type { NextFunction, Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sendProblem } from './errors.js';
import { AppError } from './problem.js';

const WINDOW_SECONDS = 60;

/**
 * The client's address as limits count it: the peer's, or what a proxy on this machine says it is (`trust proxy`
 * accepts `X-Forwarded-For` from loopback peers only, see app.ts), through `addressLimitKey`.
 */
export const clientAddressOf = (request: Request): string =>
  addressLimitKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * What one client is counted as: an IPv4 address itself (an IPv4-mapped IPv6 address `::ffff:a.b.c.d` too), an IPv6
 * address by its /64 (`2001:db8:0:1::/64`: one subscriber usually gets a whole /64, so counting each address alone
 * would let one client take 2^64 fresh budgets). Anything else is counted as it is.
 */
export function addressLimitKey(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  const unzoned = address.split('%')[0]!;
  if (!isIPv6(unzoned)) return address;
  const [head = '', tail] = unzoned.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Counts up to `pointsPerMinute` per client address in one-minute windows, shared by every API process on PostgreSQL
 * (`sharedRateLimiter`).
 */
export function addressLimiter({
  db,
  name,
  pointsPerMinute,
}: {
  db: Database;
  name: string;
  pointsPerMinute: number;
}): RateLimiterAbstract {
  return sharedLimiter({ db, name, points: pointsPerMinute, windowSeconds: WINDOW_SECONDS });
}

/** `points` per key in windows of `windowSeconds` (any key: an address, a user id), as `sharedRateLimiter` counts. */
export function sharedLimiter({
  db,
  name,
  points,
  windowSeconds,
}: {
  db: Database;
  name: string;
  points: number;
  windowSeconds: number;
}): RateLimiterAbstract {
  return sharedRateLimiter(db, { name, points, windowSeconds });
}

export const retryAfterSecondsOf = (refusal: RateLimiterRes): number =>
  Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

function addressRateLimited({ retryAfterSeconds, detail }: { retryAfterSeconds: number; detail: string }): AppError {
  return new AppError({
    code: 'rate_limited',
    status: 429,
    detail: `${detail} Retry after ${retryAfterSeconds} seconds.`,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/** The surfaces answered without an API key (the portal, hosted report links, the outbox): `limiter` points per request, before anything else runs. */
export function limitRequestsByAddress(limiter: RateLimiterAbstract) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    try {
      await limiter.consume(clientAddressOf(request));
      next();
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return next(refusal);
      sendProblem(
        response,
        addressRateLimited({
          retryAfterSeconds: retryAfterSecondsOf(refusal),
          detail: `Too many requests from your address (at most ${limiter.points} a minute).`,
        }),
      );
    }
  };
}

/** Failed authentications per client address: past the limit an address is refused before its key is looked up. */
export type AuthenticationFailures = {
  /** The refusal for an address past its limit in this window, or null. Answered from memory: no statement. */
  refusalOf(address: string): AppError | null;
  /** Counts one failure of the address; answers the refusal when it took the address past its limit. */
  record(address: string): Promise<AppError | null>;
};

/** At most this many addresses are remembered as refused; more (a flood from many addresses) start the memory afresh. */
const MAX_REFUSED_ADDRESSES = 10_000;

export function authenticationFailures(
  limiter: RateLimiterAbstract,
  now: () => number = Date.now,
): AuthenticationFailures {
  const refusedUntil = new Map<string, number>();
  const refusal = (until: number) =>
    addressRateLimited({
      retryAfterSeconds: Math.max(1, Math.ceil((until - now()) / 1000)),
      detail: `Too many failed authentications from your address (at most ${limiter.points} a minute).`,
    });
  return {
    refusalOf(address) {
      const until = refusedUntil.get(address);
      if (until === undefined) return null;
      if (until > now()) return refusal(until);
      refusedUntil.delete(address);
      return null;
    },
    async record(address) {
      try {
        await limiter.consume(address);
        return null;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        if (refusedUntil.size >= MAX_REFUSED_ADDRESSES) refusedUntil.clear();
        const until = now() + retryAfterSecondsOf(rejection) * 1000;
        refusedUntil.set(address, until);
        return refusal(until);
      }
    },
  };
}
