import type { EntityManager } from 'typeorm';

export type RateLimitVerdict = { allowed: boolean; limit: number; remaining: number; resetAt: Date };

/**
 * Counts one request of an API key in the current one-minute window, atomically, in the database every API
 * process shares. Old windows are removed now and then by the same statement's caller (see pruneRateLimitCounters).
 */
export async function countRequest({ manager, apiKeyId, limit, now }: { manager: EntityManager; apiKeyId: string; limit: number; now: Date }): Promise<RateLimitVerdict> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const rows = (await manager.query(
    `INSERT INTO rate_limit_counters (api_key_id, window_start, request_count) VALUES ($1, $2, 1)
     ON CONFLICT (api_key_id, window_start) DO UPDATE SET request_count = rate_limit_counters.request_count + 1
     RETURNING request_count`,
    [apiKeyId, windowStart],
  )) as Array<{ request_count: number }>;
  const count = Number(rows[0]?.request_count ?? 1);
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetAt: new Date(windowStart.getTime() + 60_000) };
}

/** Deletes counters of windows that ended before `before`. */
export async function pruneRateLimitCounters({ manager, before }: { manager: EntityManager; before: Date }): Promise<void> {
  await manager.query(`DELETE FROM rate_limit_counters WHERE window_start < $1`, [before]);
}
