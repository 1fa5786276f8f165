import { z } from 'zod';
import type { JobInsert, PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueManyInTransaction } from '@svc/db';
import { isProviderTemporaryError } from '@svc/domain';
import type { CheckRunContext } from '../checks/context.js';
import { runCheck, type CheckRunOutcome } from '../checks/run.js';
import { defineJob, INTERNAL_ERROR_OUTPUT } from './definition.js';
import { payloadOf } from './logging.js';

/** Runs one check execution (apps/worker): claims it, calls the provider adapter, records the outcome. */
export const CHECK_RUN_QUEUE = 'check.run';

/** The payload of a `check.run` job. */
export const checkRunPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type CheckRunPayload = ReturnType<typeof checkRunPayloadSchema.parse>;

/**
 * A check provider may be briefly unreachable: up to 4 retries, 1 s then doubling (pg-boss backoff).
 * The handler is idempotent (a finished execution is not run again), so a re-delivery is harmless.
 */
export const CHECK_RUN_SEND_OPTIONS = { retryLimit: 4, retryDelay: 1, retryBackoff: true } as const satisfies Omit<
  SendOptions,
  'db'
>;

/** One `check.run` job per execution. */
const checkRunJobs = (checkExecutionIds: readonly string[]): JobInsert[] =>
  checkExecutionIds.map((checkExecutionId) => ({
    ...CHECK_RUN_SEND_OPTIONS,
    data: checkRunPayloadSchema.parse({ checkExecutionId }) satisfies CheckRunPayload,
  }));

/** One `check.run` job per execution, inserted in the caller's transaction. */
export async function enqueueCheckRuns({
  jobs,
  transaction,
  checkExecutionIds,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  checkExecutionIds: readonly string[];
}): Promise<void> {
  await enqueueManyInTransaction({
    jobs,
    transaction,
    queue: CHECK_RUN_QUEUE,
    inserts: checkRunJobs(checkExecutionIds),
  });
}

export type CheckRunJobOutcome = 'dropped' | CheckRunOutcome;

/**
 * Runs one check execution (`runCheck`): its batch's jobs run side by side (`concurrency`), so that their database
 * steps merge. A bad payload is logged and dropped (completed, never retried). Of a failure, only a provider's
 * message (which names the check) is stored.
 */
export const checkRunQueue = defineJob<CheckRunContext>()({
  name: CHECK_RUN_QUEUE,
  role: 'checks',
  // The retry limit and back-off come with each job (CHECK_RUN_SEND_OPTIONS); the expiry and the back-off cap here.
  options: ({ checkRunExpireSeconds, checkRetryDelayMaxSeconds }) => ({
    expireInSeconds: checkRunExpireSeconds,
    retryBackoff: true,
    retryDelayMax: checkRetryDelayMaxSeconds,
  }),
  concurrency: ({ concurrency }) => concurrency,
  handle: async (context, job): Promise<CheckRunJobOutcome> => {
    const jobLogger = context.logger.child({ job_id: job.id, queue: CHECK_RUN_QUEUE });
    const payload = payloadOf(checkRunPayloadSchema, job, { log: jobLogger, queue: CHECK_RUN_QUEUE });
    if (!payload) return 'dropped';
    const { checkExecutionId } = payload;
    return runCheck(context, {
      checkExecutionId,
      attempt: {
        retryCount: job.retryCount,
        retryLimit: job.retryLimit ?? CHECK_RUN_SEND_OPTIONS.retryLimit,
        executionRetryLimit: CHECK_RUN_SEND_OPTIONS.retryLimit,
      },
      log: jobLogger.child({ check_execution_id: checkExecutionId }),
    });
  },
  failureOutput: (error) => (isProviderTemporaryError(error) ? { error: error.message } : INTERNAL_ERROR_OUTPUT),
});
