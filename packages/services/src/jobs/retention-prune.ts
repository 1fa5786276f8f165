import { pruneExpiredRows } from '@svc/db';
import { expireLapsedInvitations } from '../applications/expire-invitations.js';
import { findOverdueReports } from '../applications/overdue-reports.js';
import { refreshCheckTurnarounds } from '../checks/refresh-turnarounds.js';
import { defineJob, INTERNAL_ERROR_OUTPUT, type BaseJobContext } from './definition.js';
import { requestReportRenders } from './report-render.js';

/** Deletes what has outlived its retention (`pruneExpiredRows`), every 5 minutes (`RETENTION_SCHEDULE`). */
export const RETENTION_QUEUE = 'retention.prune';

/** How often the retention job runs (pg-boss cron, UTC): every 5 minutes. */
export const RETENTION_SCHEDULE = '*/5 * * * *';

/**
 * Deletes what has outlived its retention (expired idempotency records, old rate-limit counts, the read caches' old
 * changes, the change feed's superseded changes): bounded batches, idempotent, so a run cut short or run twice is harmless. Logs only counts. Then learns
 * the providers' turnarounds from the last 30 days (`refreshCheckTurnarounds`), for the estimates of new submissions.
 * And marks the invitations whose link lapsed (`expireLapsedInvitations`: `invitation.expired`), and asks again for
 * the reports still owed once every check finished (`findOverdueReports`: a render whose retries ran out, or a lost job).
 * `stately`: at most one prune queued and one running, however many workers run (or none: no pile-up meanwhile).
 */
export const retentionPruneQueue = defineJob<
  BaseJobContext & {
    /** `SVC_APPLICANT_CHANGES_RETENTION_DAYS`: the change feed's superseded changes go after this many days. */
    applicantChangesRetentionDays: number;
  }
>()({
  name: RETENTION_QUEUE,
  role: 'checks',
  policy: 'stately',
  concurrency: () => 1,
  handle: async ({ db, jobs, logger, now, applicantChangesRetentionDays }) => {
    const deleted = await pruneExpiredRows(db, { now: now(), applicantChangesKeptDays: applicantChangesRetentionDays });
    logger.info({ deleted }, 'retention: expired rows deleted');
    await refreshCheckTurnarounds(db, now());
    const expired = await expireLapsedInvitations({ db, now: now() });
    if (expired > 0) logger.info({ expired }, 'invitations expired');
    const overdue = await findOverdueReports({ db, now: now() });
    if (overdue.length > 0) {
      await requestReportRenders({ jobs, applicantIds: overdue });
      logger.warn(
        { reports: overdue.length },
        'reports still owed long after every check finished (a render that gave up, or a lost job): asked for again',
      );
    }
  },
  failureOutput: () => INTERNAL_ERROR_OUTPUT,
  // Stored in the database: every worker schedules the same job, and pg-boss creates one per occurrence.
  onStart: ({ jobs }) => jobs.schedule(RETENTION_QUEUE, RETENTION_SCHEDULE),
});
