import { managerOf, type DbHandle } from './db-handle.js';
import { compactApplicantChanges } from './applicant-changes-compaction.js';
import { EVENTS_KEPT_DAYS } from './repositories/events.js';

/** Per-key token buckets: one untouched for a minute is full again, as good as none (kept twice that, for skewed clocks). */
const RATE_LIMIT_BUCKETS_KEPT_MS = 2 * 60_000;
/** The read caches' change log: followers read a row within 20 ms. */
const RECORD_CHANGES_KEPT_MS = 60 * 60_000;

/** Session and OAuth2 tokens, and set-password links, a day after they stopped working (the audit log keeps their use). */
const SPENT_CREDENTIALS_KEPT_MS = 24 * 60 * 60_000;

/** How long the applicant change feed keeps a change a later one supersedes (`SVC_APPLICANT_CHANGES_RETENTION_DAYS`). */
export const APPLICANT_CHANGES_KEPT_DAYS = 7;

/** Rows deleted per statement, and statements per table per run: a run stays short, the next one goes on. */
export const PRUNE_BATCH_SIZE = 1_000;
const MAX_BATCHES_PER_TABLE = 100;

type PrunedTable =
  | 'idempotency_records'
  | 'rate_limit_buckets'
  | 'address_rate_limits'
  | 'record_changes'
  | 'events'
  | 'access_tokens'
  | 'password_links'
  | 'applicant_changes';

/**
 * What svc keeps only for a while (DECISIONS.md, Retention): each table's rows to delete at `now`, a condition on
 * `$1`. Idempotency records and per-address counts carry their own expiry. Everything else is a partner's record
 * (applications, reports, messages, the audit log) and is kept; events go after 30 days; pg-boss deletes its own jobs (its defaults: finished
 * jobs 7 days after they end, jobs never started after 14 days).
 */
const PRUNE_RULES: ReadonlyArray<{ table: PrunedTable; where: string; cutoff: (now: Date) => unknown }> = [
  { table: 'idempotency_records', where: 'expires_at <= $1', cutoff: (now) => now },
  {
    table: 'rate_limit_buckets',
    where: 'updated_at < $1',
    cutoff: (now) => new Date(now.getTime() - RATE_LIMIT_BUCKETS_KEPT_MS),
  },
  // `expire` is rate-limiter-flexible's: milliseconds since the epoch.
  { table: 'address_rate_limits', where: 'expire < $1', cutoff: (now) => now.getTime() },
  // A row of a transaction still running is invisible here, so it is never deleted unread. (One committed after
  // running for an hour could go before a follower reads it: its cache then lags by its time to live at most.)
  {
    table: 'record_changes',
    where: 'written_at < $1',
    cutoff: (now) => new Date(now.getTime() - RECORD_CHANGES_KEPT_MS),
  },
  // The event log (GET /api/v1/events/, webhook replays) covers the last 30 days.
  { table: 'events', where: 'created < $1', cutoff: (now) => new Date(now.getTime() - EVENTS_KEPT_DAYS * 86_400_000) },
  {
    table: 'access_tokens',
    where: '(expires_at < $1 OR ended_at < $1)',
    cutoff: (now) => new Date(now.getTime() - SPENT_CREDENTIALS_KEPT_MS),
  },
  {
    table: 'password_links',
    where: '(expires_at < $1 OR used_at < $1)',
    cutoff: (now) => new Date(now.getTime() - SPENT_CREDENTIALS_KEPT_MS),
  },
];

/**
 * Deletes what has outlived its retention at `now`, in batches of `batchSize` rows, and answers how many
 * rows of each table went: the rules above, then the change feed's superseded changes (`compactApplicantChanges`,
 * those a change older than `applicantChangesKeptDays` supersedes). Idempotent: any number of processes may run it at
 * once or again.
 */
export async function pruneExpiredRows(
  handle: DbHandle,
  {
    now,
    batchSize = PRUNE_BATCH_SIZE,
    applicantChangesKeptDays = APPLICANT_CHANGES_KEPT_DAYS,
  }: { now: Date; batchSize?: number; applicantChangesKeptDays?: number },
): Promise<Record<PrunedTable, number>> {
  const manager = managerOf(handle);
  const deleted = {} as Record<PrunedTable, number>;
  for (const { table, where, cutoff } of PRUNE_RULES) {
    deleted[table] = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_TABLE; batch += 1) {
      const [row] = (await manager.query(
        `WITH deleted AS (DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT $2)) RETURNING 1)
         SELECT count(*)::int AS count FROM deleted`,
        [cutoff(now), batchSize],
      )) as Array<{ count: number }>;
      const count = row?.count ?? 0;
      deleted[table] += count;
      // Not `count < batchSize`: a row updated meanwhile (the webhook fan-out marks events) has a new ctid and is
      // skipped by this statement; the next one finds it.
      if (count === 0) break;
    }
  }
  deleted.applicant_changes = await compactApplicantChanges(manager, {
    before: new Date(now.getTime() - applicantChangesKeptDays * 86_400_000),
    batchSize,
  });
  return deleted;
}
