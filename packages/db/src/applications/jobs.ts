import { z } from 'zod';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueInTransaction } from '../jobs.js';

/** Runs one check execution (apps/worker): claims it, calls the provider adapter, records the outcome. */
export const CHECK_RUN_QUEUE = 'check.run';

/** Sends one outbox message (apps/worker): by SMTP when configured, else it stays in the outbox. */
export const MESSAGE_SEND_QUEUE = 'message.send';

/** Every queue of svc: each process creates them at start (`createJobQueue(db, { queues: JOB_QUEUES })`). */
export const JOB_QUEUES = [CHECK_RUN_QUEUE, MESSAGE_SEND_QUEUE] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

/** The payload of a `check.run` job. */
export const checkRunPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type CheckRunPayload = ReturnType<typeof checkRunPayloadSchema.parse>;

/**
 * A check provider may be briefly unreachable: up to 4 retries, 1 s then doubling (pg-boss backoff).
 * The handler is idempotent (a finished execution is not run again), so a re-delivery is harmless.
 */
export const CHECK_RUN_SEND_OPTIONS = { retryLimit: 4, retryDelay: 1, retryBackoff: true } as const satisfies Omit<SendOptions, 'db'>;

/** One job per payload on `queue`, inserted in the caller's transaction: they exist if and only if it commits. */
async function enqueueEach({ jobs, transaction, queue, payloads, options }: { jobs: PgBoss; transaction: EntityManager; queue: JobQueue; payloads: readonly object[]; options: Omit<SendOptions, 'db'> }): Promise<void> {
  for (const data of payloads) await enqueueInTransaction({ jobs, transaction, queue, data, options });
}

/** One `check.run` job per execution, inserted in the caller's transaction. */
export async function enqueueCheckRuns({ jobs, transaction, checkExecutionIds }: { jobs: PgBoss; transaction: EntityManager; checkExecutionIds: readonly string[] }): Promise<void> {
  const payloads: CheckRunPayload[] = checkExecutionIds.map((checkExecutionId) => checkRunPayloadSchema.parse({ checkExecutionId }));
  await enqueueEach({ jobs, transaction, queue: CHECK_RUN_QUEUE, payloads, options: CHECK_RUN_SEND_OPTIONS });
}

/** The payload of a `message.send` job. */
export const messageSendPayloadSchema = z.object({ outboxMessageId: z.string().uuid() }).strict();
export type MessageSendPayload = ReturnType<typeof messageSendPayloadSchema.parse>;

/**
 * A mail server may refuse for a while: up to 6 retries, 15 s then doubling (about 16 minutes in all). The handler
 * never sends a SENT message again; after the last retry the message is FAILED and the invitation can be resent.
 */
export const MESSAGE_SEND_OPTIONS = { retryLimit: 6, retryDelay: 15, retryBackoff: true } as const satisfies Omit<SendOptions, 'db'>;

/** One `message.send` job per outbox message, inserted in the caller's transaction (with the messages). */
export async function enqueueMessageSends({ jobs, transaction, outboxMessageIds }: { jobs: PgBoss; transaction: EntityManager; outboxMessageIds: readonly string[] }): Promise<void> {
  const payloads: MessageSendPayload[] = outboxMessageIds.map((outboxMessageId) => messageSendPayloadSchema.parse({ outboxMessageId }));
  await enqueueEach({ jobs, transaction, queue: MESSAGE_SEND_QUEUE, payloads, options: MESSAGE_SEND_OPTIONS });
}
