import { z } from 'zod';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { isProviderTemporaryError } from '@svc/domain';
import type { CheckRunContext } from '../checks/context.js';
import { settlePendingCheck, type PendingCheckOutcome } from '../checks/settle-pending.js';
import { defineJob, INTERNAL_ERROR_OUTPUT, MESSAGE_SENDS_AT_ONCE, type WorkerLimits } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { payloadOf } from './logging.js';

/** Asks a provider where a submitted check stands (apps/worker), and times it out past its deadline. */
export const PROVIDER_POLL_QUEUE = 'provider.poll';

/** The payload of a `provider.poll` job. */
export const providerPollPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type ProviderPollPayload = ReturnType<typeof providerPollPayloadSchema.parse>;

/** A provider may be away for a while: up to 8 retries, 5 s then doubling. Asking twice changes nothing. */
export const PROVIDER_JOB_SEND_OPTIONS = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const satisfies Omit<
  SendOptions,
  'db'
>;

/** A `provider.poll` job of a check at `startAfter`, inserted in the caller's transaction (or on its own). */
export async function scheduleProviderPoll({
  jobs,
  transaction,
  checkExecutionId,
  startAfter,
}: {
  jobs: PgBoss;
  transaction?: EntityManager | undefined;
  checkExecutionId: string;
  startAfter: Date;
}): Promise<void> {
  const data = providerPollPayloadSchema.parse({ checkExecutionId }) satisfies ProviderPollPayload;
  if (transaction) {
    await enqueueEach({
      jobs,
      transaction,
      queue: PROVIDER_POLL_QUEUE,
      payloads: [data],
      options: { ...PROVIDER_JOB_SEND_OPTIONS, startAfter, singletonKey: checkExecutionId },
    });
  } else {
    await jobs.send(PROVIDER_POLL_QUEUE, data, {
      ...PROVIDER_JOB_SEND_OPTIONS,
      startAfter,
      singletonKey: checkExecutionId,
    });
  }
}

export type ProviderCheckJobOutcome = 'dropped' | PendingCheckOutcome;

/** Asking providers about pending checks is mostly waiting on the network, like sending messages. */
export const providerJobConcurrency = ({ concurrency }: WorkerLimits): number =>
  Math.min(concurrency, MESSAGE_SENDS_AT_ONCE);

/** What of a provider job's failure is stored: a provider's message (which names the check), nothing else. */
export const providerJobFailureOutput = (error: unknown): object =>
  isProviderTemporaryError(error) ? { error: error.message } : INTERNAL_ERROR_OUTPUT;

/**
 * A `provider.poll` job: one check asked about (`settlePendingCheck`, and timed out past its deadline), its next
 * poll scheduled first. `short`: one poll of a check waits at a time (singletonKey), however often it is scheduled.
 */
export const providerPollQueue = defineJob<CheckRunContext>()({
  name: PROVIDER_POLL_QUEUE,
  role: 'checks',
  policy: 'short',
  concurrency: providerJobConcurrency,
  handle: async (context, job): Promise<ProviderCheckJobOutcome> => {
    const log = context.logger.child({ job_id: job.id, queue: PROVIDER_POLL_QUEUE });
    const payload = payloadOf(providerPollPayloadSchema, job, { log, queue: PROVIDER_POLL_QUEUE });
    if (!payload) return 'dropped';
    const { checkExecutionId } = payload;
    return settlePendingCheck(context, {
      checkExecutionId,
      log,
      schedulePoll: (startAfter) => scheduleProviderPoll({ jobs: context.jobs, checkExecutionId, startAfter }),
    });
  },
  failureOutput: providerJobFailureOutput,
});
