import { z } from 'zod';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { sendAdverseNotice, type AdverseNoticeOutcome, type NoticeRenderer } from '../adverse-actions/send-notice.js';
import { defineJob, printFailureOutput, type BaseJobContext, type PrintFailures } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { errorForLog, payloadOf } from './logging.js';

/**
 * Sends one notice of an adverse action (apps/worker): the pre-adverse notice at once, the final notice when the
 * waiting period ends (`startAfter`). Stored in PostgreSQL like every job: a worker restart loses nothing.
 */
export const ADVERSE_NOTICE_QUEUE = 'adverse_action.notice';

/** The payload of an `adverse_action.notice` job: which action, which notice (no personal data). */
export const adverseNoticePayloadSchema = z
  .object({ adverseActionId: z.string().uuid(), notice: z.enum(['pre_adverse', 'final']) })
  .strict();
export type AdverseNoticePayload = ReturnType<typeof adverseNoticePayloadSchema.parse>;

/**
 * Chromium or the database may be away for a while: up to 8 retries, 10 s then doubling. A notice is sent once
 * whatever runs it (the action's state is checked under a row lock), so a re-delivered job changes nothing.
 */
export const ADVERSE_NOTICE_SEND_OPTIONS = {
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
} as const satisfies Omit<SendOptions, 'db'>;

/** An `adverse_action.notice` job (at `startAfter`, default now), inserted in the caller's transaction. */
export async function enqueueAdverseNotice({
  jobs,
  transaction,
  payload,
  startAfter,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  payload: AdverseNoticePayload;
  startAfter?: Date | undefined;
}): Promise<void> {
  await enqueueEach({
    jobs,
    transaction,
    queue: ADVERSE_NOTICE_QUEUE,
    payloads: [adverseNoticePayloadSchema.parse(payload)],
    options: { ...ADVERSE_NOTICE_SEND_OPTIONS, ...(startAfter ? { startAfter } : {}) },
  });
}

/** What sending notices needs from the worker. */
export type AdverseNoticeContext = BaseJobContext &
  PrintFailures & {
    /** Renders the notices (HTML and PDF): without it, this worker sends none. */
    renderNotice: NoticeRenderer | null;
    /** The API's public URL: the notices link to the applicant's pages and the summary of rights under it. */
    publicUrl: string;
    /** Test clock: the waiting period in seconds instead of business days; null in production. */
    waitingPeriodSeconds: number | null;
  };

/**
 * Runs one `adverse_action.notice` job (idempotent: the action's state, checked under its row lock, lets each notice
 * out once). A bad payload is logged and dropped; an error (Chromium, the database) is rethrown for pg-boss to retry.
 * Notices are printed in Chromium's slots, as reports are.
 */
export const adverseNoticeQueue = defineJob<AdverseNoticeContext>()({
  name: ADVERSE_NOTICE_QUEUE,
  role: 'reports',
  concurrency: ({ renderConcurrency }) => renderConcurrency,
  runsIn: ({ renderNotice }) => renderNotice !== null,
  handle: async (context, job): Promise<AdverseNoticeOutcome | 'dropped'> => {
    const jobLogger = context.logger.child({ job_id: job.id, queue: ADVERSE_NOTICE_QUEUE });
    const payload = payloadOf(adverseNoticePayloadSchema, job, { log: jobLogger, queue: ADVERSE_NOTICE_QUEUE });
    if (!payload) return 'dropped';
    const { renderNotice } = context;
    if (!renderNotice) throw new Error('this worker renders no notice');
    const { adverseActionId } = payload;
    const log = jobLogger.child({ adverse_action_id: adverseActionId, notice: payload.notice });
    try {
      const outcome = await sendAdverseNotice(
        {
          db: context.db,
          jobs: context.jobs,
          renderNotice,
          publicUrl: context.publicUrl,
          now: context.now(),
          waitingPeriodSeconds: context.waitingPeriodSeconds,
          scheduleFinalNotice: (transaction, startAfter) =>
            enqueueAdverseNotice({
              jobs: context.jobs,
              transaction,
              payload: { adverseActionId, notice: 'final' },
              startAfter,
            }),
        },
        { adverseActionId, kind: payload.notice },
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
  },
  // A render error's code says what failed without the letter; anything else may quote personal data.
  failureOutput: printFailureOutput,
});
