import type { EntityManager } from 'typeorm';

/**
 * Takes `requests` more of an API key's requests in the current one-minute window, atomically, in the database
 * every API process shares, and answers the window's count after them (the counts of every process together).
 * Old windows are removed by pruneRateLimitCounters.
 */
export async function countRequests({
  manager,
  apiKeyId,
  requests,
  windowStart,
}: {
  manager: EntityManager;
  apiKeyId: string;
  requests: number;
  windowStart: Date;
}): Promise<number> {
  const rows = (await manager.query(
    `INSERT INTO rate_limit_counters (api_key_id, window_start, request_count) VALUES ($1, $2, $3)
     ON CONFLICT (api_key_id, window_start) DO UPDATE SET request_count = rate_limit_counters.request_count + $3
     RETURNING request_count`,
    [apiKeyId, windowStart, requests],
  )) as Array<{ request_count: number }>;
  return Number(rows[0]?.request_count ?? requests);
}

/** Deletes counters of windows that ended before `before`. */
export async function pruneRateLimitCounters({
  manager,
  before,
}: {
  manager: EntityManager;
  before: Date;
}): Promise<void> {
  await manager.query(`DELETE FROM rate_limit_counters WHERE window_start < $1`, [before]);
}
