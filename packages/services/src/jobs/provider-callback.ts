import { z } from 'zod';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { CheckRunContext } from '../checks/context.js';
import { findCheckByProviderReference } from '../checks/find-pending.js';
import { settlePendingCheck } from '../checks/settle-pending.js';
import { defineJob } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { payloadOf } from './logging.js';
import {
  PROVIDER_JOB_SEND_OPTIONS,
  providerJobConcurrency,
  providerJobFailureOutput,
  type ProviderCheckJobOutcome,
} from './provider-poll.js';

/** Handles a provider's callback (apps/worker): asks the provider where the check stands, as a poll does. */
export const PROVIDER_CALLBACK_QUEUE = 'provider.callback';

/** The payload of a `provider.callback` job: the provider's name and its reference of the check (no personal data). */
export const providerCallbackPayloadSchema = z
  .object({ provider: z.string().min(1).max(40), reference: z.string().min(1).max(200) })
  .strict();
export type ProviderCallbackPayload = ReturnType<typeof providerCallbackPayloadSchema.parse>;

/** A `provider.callback` job (the API answers the provider at once; the worker does the work). */
export async function enqueueProviderCallback({
  jobs,
  provider,
  reference,
  transaction,
  startAfter,
}: {
  jobs: PgBoss;
  provider: string;
  reference: string;
  /** Enqueued in this transaction (it exists if and only if the transaction commits). */
  transaction?: EntityManager | undefined;
  startAfter?: Date | undefined;
}): Promise<void> {
  const data = providerCallbackPayloadSchema.parse({ provider, reference }) satisfies ProviderCallbackPayload;
  const options = { ...PROVIDER_JOB_SEND_OPTIONS, ...(startAfter ? { startAfter } : {}) };
  if (transaction) await enqueueEach({ jobs, transaction, queue: PROVIDER_CALLBACK_QUEUE, payloads: [data], options });
  else await jobs.send(PROVIDER_CALLBACK_QUEUE, data, options);
}

/**
 * A `provider.callback` job: the provider said a check changed (the API checked its signature); the check's status
 * is asked from the provider, as a poll does (`settlePendingCheck`), so the callback itself carries no result to
 * trust or store.
 */
export const providerCallbackQueue = defineJob<CheckRunContext>()({
  name: PROVIDER_CALLBACK_QUEUE,
  role: 'checks',
  concurrency: providerJobConcurrency,
  handle: async (context, job): Promise<ProviderCheckJobOutcome> => {
    const log = context.logger.child({ job_id: job.id, queue: PROVIDER_CALLBACK_QUEUE });
    const payload = payloadOf(providerCallbackPayloadSchema, job, { log, queue: PROVIDER_CALLBACK_QUEUE });
    if (!payload) return 'dropped';
    const checkExecutionId = await findCheckByProviderReference(context.db, payload);
    if (!checkExecutionId) {
      log.warn({ provider: payload.provider }, 'callback for a reference svc does not know: ignored');
      return 'not_pending';
    }
    return settlePendingCheck(context, { checkExecutionId, log });
  },
  failureOutput: providerJobFailureOutput,
});
