import { z } from 'zod';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import {
  failureReasonOf,
  sendOutboxMessage,
  type MessageSendContext,
  type MessageSendOutcome,
} from '../messages/send.js';
import { defineJob, MESSAGE_SENDS_AT_ONCE } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { payloadOf } from './logging.js';

/** Sends one outbox message (apps/worker): by SMTP when configured, else it stays in the outbox. */
export const MESSAGE_SEND_QUEUE = 'message.send';

/** The payload of a `message.send` job. */
export const messageSendPayloadSchema = z.object({ outboxMessageId: z.string().uuid() }).strict();
export type MessageSendPayload = ReturnType<typeof messageSendPayloadSchema.parse>;

/**
 * A mail server may refuse for a while: up to 6 retries, 15 s then doubling (about 16 minutes in all). The handler
 * never sends a SENT message again; after the last retry the message is FAILED and the invitation can be resent.
 */
export const MESSAGE_SEND_OPTIONS = { retryLimit: 6, retryDelay: 15, retryBackoff: true } as const satisfies Omit<
  SendOptions,
  'db'
>;

/** One `message.send` job per outbox message, inserted in the caller's transaction (with the messages). */
export async function enqueueMessageSends({
  jobs,
  transaction,
  outboxMessageIds,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  outboxMessageIds: readonly string[];
}): Promise<void> {
  const payloads: MessageSendPayload[] = outboxMessageIds.map((outboxMessageId) =>
    messageSendPayloadSchema.parse({ outboxMessageId }),
  );
  await enqueueEach({ jobs, transaction, queue: MESSAGE_SEND_QUEUE, payloads, options: MESSAGE_SEND_OPTIONS });
}

/** What sending messages needs from the worker: the transports, and a count of deliveries (`/metrics`). */
export type MessageSendJobContext = MessageSendContext & {
  metrics?: { messageDelivery(outcome: string): void } | undefined;
};

export type MessageSendJobOutcome = 'dropped' | MessageSendOutcome;

/**
 * Sends one outbox message (`sendOutboxMessage`): at most `MESSAGE_SENDS_AT_ONCE` at a time, each waiting on its mail
 * server. What a failure stores is its code or SMTP status, never its message (it may quote an address).
 */
export const messageSendQueue = defineJob<MessageSendJobContext>()({
  name: MESSAGE_SEND_QUEUE,
  role: 'messages',
  // The retry limit and back-off come with each job (MESSAGE_SEND_OPTIONS); a send takes at most ~40 s (the SMTP
  // timeouts), far below the expiry.
  options: ({ messageRetryDelayMaxSeconds }) => ({
    expireInSeconds: 300,
    retryBackoff: true,
    retryDelayMax: messageRetryDelayMaxSeconds,
  }),
  concurrency: ({ concurrency }) => Math.min(concurrency, MESSAGE_SENDS_AT_ONCE),
  handle: async (context, job): Promise<MessageSendJobOutcome> => {
    const log = context.logger.child({ job_id: job.id, queue: MESSAGE_SEND_QUEUE });
    const payload = payloadOf(messageSendPayloadSchema, job, { log, queue: MESSAGE_SEND_QUEUE });
    const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit ?? MESSAGE_SEND_OPTIONS.retryLimit };
    const outcome = payload
      ? await sendOutboxMessage(context, { outboxMessageId: payload.outboxMessageId, attempt, log }).catch(
          (error: unknown) => {
            context.metrics?.messageDelivery('error');
            throw error;
          },
        )
      : 'dropped';
    context.metrics?.messageDelivery(outcome);
    return outcome;
  },
  failureOutput: (error) => ({ error: failureReasonOf(error) }),
});
