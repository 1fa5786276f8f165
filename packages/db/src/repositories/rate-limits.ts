import { managerOf, type DbHandle } from '../db-handle.js';

/** What a take from a key's bucket gave: `granted` requests, and the `tokens` left in the bucket after them. */
export type BucketTake = { granted: number; tokens: number };

// The bucket's tokens at $2 (the caller's clock): what it held, refilled since `updated_at` at $5 a second, up to the
// capacity $3. A clock behind the last take refills nothing, and `updated_at` never moves back for it (processes'
// clocks a little apart would otherwise refill the same time twice), unless it is more than a minute behind: a clock
// set back (tests, a stepped clock) then restarts the bucket's time rather than stop its refill until it catches up.
// The 1e-9 keeps a whole token whole despite rounding.
const AVAILABLE = `least($3::float8, b.tokens + greatest(0, extract(epoch FROM ($2::timestamptz - b.updated_at))) * $5::float8)`;
const GRANTED = `least($4::int, floor(${AVAILABLE} + 1e-9)::int)`;

/**
 * Takes up to `requests` requests from the token bucket of a quota (an API key, or the user or OAuth2 client of the
 * other credentials), atomically, in the database every API process shares: the bucket holds at most `capacity`
 * requests and refills at `refillPerSecond`; a quota seen for the first time starts full. Answers how many were
 * granted (fewer when the bucket holds fewer whole tokens, 0 when it holds less than one) and the tokens left.
 * Buckets untouched long enough to be full again are removed by the retention job.
 */
export async function takeFromBucket(
  handle: DbHandle,
  {
    quotaId,
    requests,
    capacity,
    refillPerSecond,
    now,
  }: { quotaId: string; requests: number; capacity: number; refillPerSecond: number; now: Date },
): Promise<BucketTake> {
  const rows = (await managerOf(handle).query(
    `INSERT INTO rate_limit_buckets AS b (quota_id, tokens, granted, updated_at)
     VALUES ($1, $3::float8 - least($4::int, $3::int), least($4::int, $3::int), $2)
     ON CONFLICT (quota_id) DO UPDATE SET
       granted = ${GRANTED},
       tokens = ${AVAILABLE} - ${GRANTED},
       updated_at = CASE WHEN b.updated_at > $2::timestamptz + interval '1 minute' THEN $2::timestamptz
                         ELSE greatest(b.updated_at, $2::timestamptz) END
     RETURNING tokens, granted`,
    [quotaId, now, capacity, requests, refillPerSecond],
  )) as Array<{ tokens: number | string; granted: number | string }>;
  const row = rows[0]!;
  return { granted: Number(row.granted), tokens: Number(row.tokens) };
}
