import type { NextFunction, Request, Response } from 'express';
import { countRequests, type Database } from '@svc/db';
import { principalOf } from './auth.js';
import { AppError } from './problem.js';

const WINDOW_MS = 60_000;

/** The requests of one API key this process took from the shared count of a window and has not used yet. */
type KeyLease = {
  windowStart: number;
  available: number;
  /** The window's count (every process) after this process's last lease. */
  countAfterLease: number;
  /** The window's limit is reached: refuse until the next window without asking the database again. */
  exhausted: boolean;
  /** A lease being taken: requests arriving meanwhile wait for it rather than take one each. */
  pending: Promise<void> | null;
};

type Verdict = { allowed: boolean; remaining: number; resetAt: Date };

/**
 * Requests per minute per API key, counted in PostgreSQL so every API process shares the budget. A process takes
 * a key's requests from the shared count a lease at a time (a hundredth of the limit, 1 to 100), so a busy key costs
 * one database write per lease rather than one per request. A process never uses more than it took, so the limit
 * holds across processes; what a process took and did not use before the minute ended is lost to the key (at most
 * one lease per process). With a limit under 200 the lease is one request: exact counting.
 */
export function rateLimit({ db, limitPerMinute, now }: { db: Database; limitPerMinute: number; now: () => Date }) {
  const leaseSize = Math.min(100, Math.max(1, Math.floor(limitPerMinute / 100)));
  const leases = new Map<string, KeyLease>();

  async function takeLease(apiKeyId: string, lease: KeyLease): Promise<void> {
    const count = await countRequests({
      manager: db.dataSource.manager,
      apiKeyId,
      requests: leaseSize,
      windowStart: new Date(lease.windowStart),
    });
    const granted = Math.max(0, Math.min(leaseSize, limitPerMinute - (count - leaseSize)));
    lease.available += granted;
    lease.countAfterLease = count;
    if (granted < leaseSize) lease.exhausted = true;
  }

  function leaseOf(apiKeyId: string, windowStart: number): KeyLease {
    const current = leases.get(apiKeyId);
    if (current?.windowStart === windowStart) return current;
    // Leases of ended windows are worth nothing: drop them all now and then so the map holds the active keys only.
    if (leases.size > 10_000)
      for (const [key, stale] of leases) if (stale.windowStart !== windowStart) leases.delete(key);
    const fresh: KeyLease = { windowStart, available: 0, countAfterLease: 0, exhausted: false, pending: null };
    leases.set(apiKeyId, fresh);
    return fresh;
  }

  async function take(apiKeyId: string): Promise<Verdict> {
    for (;;) {
      const windowStart = Math.floor(now().getTime() / WINDOW_MS) * WINDOW_MS;
      const resetAt = new Date(windowStart + WINDOW_MS);
      const lease = leaseOf(apiKeyId, windowStart);
      if (lease.available > 0) {
        lease.available -= 1;
        return {
          allowed: true,
          remaining: Math.max(0, limitPerMinute - lease.countAfterLease) + lease.available,
          resetAt,
        };
      }
      if (lease.exhausted) return { allowed: false, remaining: 0, resetAt };
      lease.pending ??= takeLease(apiKeyId, lease).finally(() => {
        lease.pending = null;
      });
      await lease.pending;
    }
  }

  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    try {
      const verdict = await take(principalOf(response).quotaId);
      const resetSeconds = Math.max(1, Math.ceil((verdict.resetAt.getTime() - now().getTime()) / 1000));
      response.setHeader('RateLimit-Limit', String(limitPerMinute));
      response.setHeader('RateLimit-Remaining', String(verdict.remaining));
      response.setHeader('RateLimit-Reset', String(resetSeconds));
      if (!verdict.allowed) {
        return next(
          new AppError({
            code: 'rate_limited',
            status: 429,
            detail: `This API key is limited to ${limitPerMinute} requests per minute. Retry after ${resetSeconds} seconds.`,
            headers: { 'Retry-After': String(resetSeconds) },
          }),
        );
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
