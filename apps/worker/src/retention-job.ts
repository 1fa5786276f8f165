import { pruneExpiredRows } from '@svc/db';
import type { JobContext } from './job.js';

/** How often the retention job runs (pg-boss cron, UTC): every 5 minutes. */
export const RETENTION_SCHEDULE = '*/5 * * * *';

/**
 * Deletes what has outlived its retention (expired idempotency records, old rate-limit counts, the read caches' old
 * changes): bounded batches, idempotent, so a run cut short or run twice is harmless. Logs only counts.
 */
export async function runRetentionJob({ db, logger, now }: JobContext): Promise<void> {
  const deleted = await pruneExpiredRows({ manager: db.dataSource.manager, now: now() });
  logger.info({ deleted }, 'retention: expired rows deleted');
}
