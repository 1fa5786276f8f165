import { z } from 'zod';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueInTransaction } from '../jobs.js';

/** Runs one check execution (apps/worker): claims it, calls the provider adapter, records the outcome. */
export const CHECK_RUN_QUEUE = 'check.run';

/** Every queue of svc: each process creates them at start (`createJobQueue(db, { queues: JOB_QUEUES })`). */
export const JOB_QUEUES = [CHECK_RUN_QUEUE] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

/** The payload of a `check.run` job. */
export const checkRunPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type CheckRunPayload = ReturnType<typeof checkRunPayloadSchema.parse>;

/**
 * A check provider may be briefly unreachable: up to 4 retries, 1 s then doubling (pg-boss backoff).
 * The handler is idempotent (a finished execution is not run again), so a re-delivery is harmless.
 */
export const CHECK_RUN_SEND_OPTIONS = { retryLimit: 4, retryDelay: 1, retryBackoff: true } as const satisfies Omit<SendOptions, 'db'>;

/** One `check.run` job per execution, inserted in the caller's transaction: they exist if and only if it commits. */
export async function enqueueCheckRuns({
  jobs,
  transaction,
  checkExecutionIds,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  checkExecutionIds: readonly string[];
}): Promise<void> {
  for (const checkExecutionId of checkExecutionIds) {
    const data: CheckRunPayload = checkRunPayloadSchema.parse({ checkExecutionId });
    await enqueueInTransaction({ jobs, transaction, queue: CHECK_RUN_QUEUE, data, options: CHECK_RUN_SEND_OPTIONS });
  }
}
