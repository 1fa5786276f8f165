import { z } from 'zod';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { CheckRunContext } from '../checks/context.js';
import { cancelCheckAtProvider, type ProviderCancelOutcome } from '../checks/cancel-at-provider.js';
import { defineJob } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { payloadOf } from './logging.js';
import { PROVIDER_JOB_SEND_OPTIONS, providerJobConcurrency, providerJobFailureOutput } from './provider-poll.js';

/** Tells a provider to stop a check it holds: the check's application was cancelled (apps/worker). */
export const PROVIDER_CANCEL_QUEUE = 'provider.cancel';

/** The payload of a `provider.cancel` job: the check, its provider and its reference there (no personal data). */
export const providerCancelPayloadSchema = z
  .object({
    checkExecutionId: z.string().uuid(),
    provider: z.string().min(1).max(200),
    reference: z.string().min(1).max(200),
  })
  .strict();
export type ProviderCancelPayload = ReturnType<typeof providerCancelPayloadSchema.parse>;

/** One `provider.cancel` job per check a provider holds, inserted in the caller's transaction. */
export async function requestProviderCancels({
  jobs,
  transaction,
  checks,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  checks: readonly ProviderCancelPayload[];
}): Promise<void> {
  if (checks.length === 0) return;
  await enqueueEach({
    jobs,
    transaction,
    queue: PROVIDER_CANCEL_QUEUE,
    payloads: checks.map((check) => providerCancelPayloadSchema.parse(check) satisfies ProviderCancelPayload),
    options: PROVIDER_JOB_SEND_OPTIONS,
  });
}

/** A `provider.cancel` job: the check's provider adapter is asked to stop it (`cancelCheckAtProvider`). */
export const providerCancelQueue = defineJob<CheckRunContext>()({
  name: PROVIDER_CANCEL_QUEUE,
  role: 'checks',
  concurrency: providerJobConcurrency,
  handle: async (context, job): Promise<'dropped' | ProviderCancelOutcome> => {
    const log = context.logger.child({ job_id: job.id, queue: PROVIDER_CANCEL_QUEUE });
    const payload = payloadOf(providerCancelPayloadSchema, job, { log, queue: PROVIDER_CANCEL_QUEUE });
    if (!payload) return 'dropped';
    return cancelCheckAtProvider(context, { ...payload, log });
  },
  failureOutput: providerJobFailureOutput,
});
