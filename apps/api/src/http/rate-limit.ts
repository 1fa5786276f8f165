import type { NextFunction, Request, Response } from 'express';
import { takeFromBucket, type Database } from '@svc/db';
import { principalOf } from './auth.js';
import { AppError } from './problem.js';

const MINUTE_MS = 60_000;
/** A process forgets a key it has not leased for from this long: its unused requests are lost to the key. */
const IDLE_LEASE_MS = MINUTE_MS;

/** The requests of one key this process took from the key's bucket and has not used yet. */
type KeyLease = {
  available: number;
  /** The bucket's tokens (every process) right after this process's last lease. */
  tokensAfterLease: number;
  /** When this process last took a lease (its clock, ms). */
  leasedAt: number;
  /** The bucket held less than a request at the last lease: refuse until then without asking the database again. */
  refusedUntil: number;
  /** A lease being taken: requests arriving meanwhile wait for it rather than take one each. */
  pending: Promise<void> | null;
};

/** `remaining`: requests the key may still send at once; `fullInMs`: until its bucket is full again, sending nothing. */
type Verdict = { allowed: boolean; remaining: number; fullInMs: number; retryInMs: number };

/**
 * Requests per minute per API key, as a token bucket kept in PostgreSQL so every API process shares it: a key's bucket
 * holds `limitPerMinute` requests and refills continuously at `limitPerMinute` a minute, so a key may send its whole
 * limit at once and then one request every 60 s / limit; no span of time lets it send more than the limit plus what
 * refilled during that span (fixed minutes let a key send twice its limit across the end of one).
 *
 * A process takes a key's requests from the bucket a lease at a time (a hundredth of the limit, 1 to 100), so a busy
 * key costs one database write per lease rather than one per request. A process never uses more than it took, so the
 * limit holds across processes; what a process took and did not use is lost to the key (at most one lease per
 * process). With a limit under 200 the lease is one request: exact counting.
 */
export function rateLimit({ db, limitPerMinute, now }: { db: Database; limitPerMinute: number; now: () => Date }) {
  const leaseSize = Math.min(100, Math.max(1, Math.floor(limitPerMinute / 100)));
  const msPerRequest = MINUTE_MS / limitPerMinute;
  const leases = new Map<string, KeyLease>();

  async function takeLease(quotaId: string, lease: KeyLease): Promise<void> {
    const at = now();
    const { granted, tokens } = await takeFromBucket(db, {
      quotaId,
      requests: leaseSize,
      capacity: limitPerMinute,
      refillPerSecond: limitPerMinute / 60,
      now: at,
    });
    lease.available += granted;
    lease.tokensAfterLease = tokens;
    lease.leasedAt = at.getTime();
    // Less than a request in the bucket: the next one is there once the missing part has refilled.
    if (granted === 0) lease.refusedUntil = at.getTime() + Math.ceil((1 - tokens) * msPerRequest);
  }

  function leaseOf(quotaId: string, at: number): KeyLease {
    const current = leases.get(quotaId);
    if (current) return current;
    // Keys idle for a minute: drop them now and then so the map holds the active keys only.
    if (leases.size > 10_000)
      for (const [key, stale] of leases) if (!stale.pending && at - stale.leasedAt > IDLE_LEASE_MS) leases.delete(key);
    const fresh: KeyLease = { available: 0, tokensAfterLease: 0, leasedAt: at, refusedUntil: 0, pending: null };
    leases.set(quotaId, fresh);
    return fresh;
  }

  async function take(quotaId: string): Promise<Verdict> {
    for (;;) {
      const at = now().getTime();
      const lease = leaseOf(quotaId, at);
      if (lease.available > 0) {
        lease.available -= 1;
        // What the bucket held after the last lease, with what this process holds: the bucket has refilled since,
        // so the key may send at least this many at once.
        const remaining = Math.floor(lease.tokensAfterLease) + lease.available;
        return {
          allowed: true,
          remaining,
          fullInMs: (limitPerMinute - remaining) * msPerRequest,
          retryInMs: 0,
        };
      }
      if (at < lease.refusedUntil)
        return {
          allowed: false,
          remaining: 0,
          fullInMs: (limitPerMinute - lease.tokensAfterLease) * msPerRequest - (at - lease.leasedAt),
          retryInMs: lease.refusedUntil - at,
        };
      lease.pending ??= takeLease(quotaId, lease).finally(() => {
        lease.pending = null;
      });
      await lease.pending;
    }
  }

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    try {
      const verdict = await take(principalOf(response).quotaId);
      response.setHeader('RateLimit-Limit', String(limitPerMinute));
      response.setHeader('RateLimit-Remaining', String(verdict.remaining));
      response.setHeader('RateLimit-Reset', String(seconds(verdict.fullInMs)));
      if (!verdict.allowed) {
        const retryAfter = seconds(verdict.retryInMs);
        return next(
          new AppError({
            code: 'rate_limited',
            status: 429,
            detail: `This API key is limited to ${limitPerMinute} requests per minute: it may send them at once, then one every ${formatInterval(msPerRequest)}. Retry after ${retryAfter} seconds.`,
            headers: { 'Retry-After': String(retryAfter) },
          }),
        );
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** An interval between requests, in words: `12 seconds`, `250 ms`. */
const formatInterval = (ms: number): string =>
  ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} seconds` : `${Math.max(1, Math.round(ms))} ms`;
