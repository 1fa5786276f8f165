import { z } from 'zod';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { CheckRunContext } from '../checks/context.js';
import { settlePendingCheck } from '../checks/settle-pending.js';
import { defineJob } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { payloadOf } from './logging.js';
import { providerJobFailureOutput, type ProviderCheckJobOutcome } from './provider-poll.js';

/**
 * Verifies an identity with the built-in identity provider (apps/worker): reads the document photo, matches it and the
 * selfie. A queue of its own (role `identity`), so that this work (a core for about a second a document, ~650 MB for
 * the face model) runs on workers of its own, apart from `check.run`'s (which only hands the check over).
 */
export const IDENTITY_VERIFY_QUEUE = 'identity.verify';

/** The payload of an `identity.verify` job (no personal data: the photos are read from the database). */
export const identityVerifyPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type IdentityVerifyPayload = ReturnType<typeof identityVerifyPayloadSchema.parse>;

/** A verification that failed (a worker stopped, the database away) is tried again: 3 retries, 10 s then doubling. */
const IDENTITY_VERIFY_SEND_OPTIONS = { retryLimit: 3, retryDelay: 10, retryBackoff: true } as const;

/** The `identity.verify` job of a check its provider took (`recordCheckSubmitted`), in the caller's transaction. */
export async function enqueueIdentityVerify({
  jobs,
  transaction,
  checkExecutionId,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  checkExecutionId: string;
}): Promise<void> {
  await enqueueEach({
    jobs,
    transaction,
    queue: IDENTITY_VERIFY_QUEUE,
    payloads: [identityVerifyPayloadSchema.parse({ checkExecutionId }) satisfies IdentityVerifyPayload],
    options: IDENTITY_VERIFY_SEND_OPTIONS,
  });
}

/**
 * Jobs a worker takes at once. The verifications themselves run one at a time in the provider (each takes a core, and
 * one at a time bounds the memory to one image set and one face model); what surrounds them (reading the check,
 * storing its result, returning the application) waits on the database, and runs beside the next verification.
 */
const IDENTITY_VERIFY_JOBS_AT_ONCE = 4;

/**
 * An `identity.verify` job: the check waits, submitted, for its provider's answer; the provider is asked for it as a
 * poll does (`settlePendingCheck`), and its answer is the verification, run here.
 */
export const identityVerifyQueue = defineJob<CheckRunContext>()({
  name: IDENTITY_VERIFY_QUEUE,
  role: 'identity',
  concurrency: () => IDENTITY_VERIFY_JOBS_AT_ONCE,
  handle: async (context, job): Promise<ProviderCheckJobOutcome> => {
    const log = context.logger.child({ job_id: job.id, queue: IDENTITY_VERIFY_QUEUE });
    const payload = payloadOf(identityVerifyPayloadSchema, job, { log, queue: IDENTITY_VERIFY_QUEUE });
    if (!payload) return 'dropped';
    return settlePendingCheck(context, { checkExecutionId: payload.checkExecutionId, log });
  },
  failureOutput: providerJobFailureOutput,
});
