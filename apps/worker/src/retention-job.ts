import { pruneExpiredRows, refreshCheckTurnarounds } from '@svc/db';
import type { JobContext } from './job.js';

/** How often the retention job runs (pg-boss cron, UTC): every 5 minutes. */
export const RETENTION_SCHEDULE = '*/5 * * * *';

/**
 * Deletes what has outlived its retention (expired idempotency records, old rate-limit counts, the read caches' old
 * changes): bounded batches, idempotent, so a run cut short or run twice is harmless. Logs only counts. Then learns
 * the providers' turnarounds from the last 30 days (`refreshCheckTurnarounds`), for the estimates of new submissions.
 */
export async function runRetentionJob({ db, logger, now }: JobContext): Promise<void> {
  const deleted = await pruneExpiredRows({ manager: db.dataSource.manager, now: now() });
  logger.info({ deleted }, 'retention: expired rows deleted');
  await refreshCheckTurnarounds(db.dataSource.manager, now());
}
