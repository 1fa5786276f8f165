import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../data-source.js';

/** rate-limiter-flexible's table (migration `AddressRateLimits`): its counts, pruned by the worker's retention job. */
const SHARED_LIMIT_TABLE = 'address_rate_limits';

/**
 * Counts up to `points` per key (a client address, a user id) in windows of `windowSeconds`, with
 * rate-limiter-flexible: in PostgreSQL (every API process shares the count), or in memory on the embedded database
 * (one process). Past the limit a process refuses the key from memory until the window ends, without a statement per
 * request; while the database cannot count, each process counts alone.
 */
export function sharedRateLimiter(
  db: Database,
  { name, points, windowSeconds }: { name: string; points: number; windowSeconds: number },
): RateLimiterAbstract {
  const options = { keyPrefix: name, points, duration: windowSeconds };
  if (db.kind === 'pglite') return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: db.dataSource,
    storeType: 'typeorm',
    tableName: SHARED_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    inMemoryBlockOnConsumed: points,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}
