import {
  ADVERSE_NOTICE_QUEUE,
  ADVERSE_NOTICE_SEND_OPTIONS,
  adverseNoticePayloadSchema,
  sendAdverseNotice,
  type AdverseNoticeOutcome,
  type NoticeRenderer,
} from '@svc/db';
import type { PgBoss } from 'pg-boss';
import type { JobContext, QueuedJob } from './job.js';
import { errorForLog, payloadProblems } from './job-logging.js';

/** What the `adverse_action.notice` handler needs from its process. */
export type AdverseNoticeContext = JobContext & {
  jobs: PgBoss;
  renderNotice: NoticeRenderer;
  /** The API's public URL: the notices link to the applicant's pages and the summary of rights under it. */
  publicUrl: string;
  /** Test clock: the waiting period in seconds instead of business days; null in production. */
  waitingPeriodSeconds: number | null;
};

/**
 * Runs one `adverse_action.notice` job (idempotent: the action's state, checked under its row lock, lets each notice
 * out once). A bad payload is logged and dropped; an error (Chromium, the database) is rethrown for pg-boss to retry.
 */
export async function runAdverseNoticeJob(
  context: AdverseNoticeContext,
  job: QueuedJob,
): Promise<AdverseNoticeOutcome | 'dropped'> {
  const jobLogger = context.logger.child({ job_id: job.id, queue: ADVERSE_NOTICE_QUEUE });
  const payload = adverseNoticePayloadSchema.safeParse(job.data);
  if (!payload.success) {
    jobLogger.error({ problems: payloadProblems(payload.error) }, 'adverse_action.notice job dropped: invalid payload');
    return 'dropped';
  }
  const log = jobLogger.child({ adverse_action_id: payload.data.adverseActionId, notice: payload.data.notice });
  try {
    const outcome = await sendAdverseNotice(
      {
        db: context.db,
        jobs: context.jobs,
        renderNotice: context.renderNotice,
        publicUrl: context.publicUrl,
        now: context.now(),
        waitingPeriodSeconds: context.waitingPeriodSeconds,
      },
      { adverseActionId: payload.data.adverseActionId, kind: payload.data.notice },
    );
    log.info({ outcome }, 'adverse action notice handled');
    return outcome;
  } catch (error) {
    const retryLimit = job.retryLimit ?? ADVERSE_NOTICE_SEND_OPTIONS.retryLimit;
    log[job.retryCount < retryLimit ? 'warn' : 'error'](
      { err: errorForLog(error), retry_count: job.retryCount, retry_limit: retryLimit },
      'adverse action notice failed',
    );
    throw error;
  }
}
