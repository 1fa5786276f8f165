import { z } from 'zod';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueManyInTransaction } from '@svc/db';
import type { EnqueueWebhookDeliveries, WebhookDelivery } from '../webhooks/delivery.js';
import { deliverWebhook, type WebhookDeliverContext, type WebhookDeliverOutcome } from '../webhooks/deliver.js';
import { startWebhookDispatcher } from '../webhooks/dispatcher.js';
import { defineJob, INTERNAL_ERROR_OUTPUT } from './definition.js';
import { payloadOf } from './logging.js';
import { activeTraceHeaders, withJobTrace } from '@svc/db/tracing';

/** Delivers one event to one webhook endpoint (apps/worker; `webhooks/deliver.ts`). */
export const WEBHOOK_DELIVER_QUEUE = 'webhook.deliver';

/** The payload of a `webhook.deliver` job: the event, the endpoint, and which attempt this is (1, 2…). */
export const webhookDeliverPayloadSchema = z
  .object({ eventId: z.string().uuid(), endpointId: z.string().uuid(), attempt: z.number().int().min(1) })
  .strict();
export type WebhookDeliverPayload = z.infer<typeof webhookDeliverPayloadSchema> & WebhookDelivery;

/**
 * pg-boss's own retries cover a worker lost mid-attempt (its job expires, by the queue's policy, after a minute by
 * default, longer than the 10 s timeout, and runs again: the same `webhook-id`, at least once); the back-off between
 * failed answers is the schedule's. Each job is in the endpoint's group, so the worker can bound how many of one
 * endpoint's deliveries run at once.
 */
export const WEBHOOK_DELIVER_SEND_OPTIONS = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
} as const satisfies Omit<SendOptions, 'db'>;

/** `webhook.deliver` jobs (each at `startAfter`, default now, in its endpoint's group), in the caller's transaction. */
export async function enqueueWebhookDeliveries({
  jobs,
  transaction,
  deliveries,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  deliveries: Parameters<EnqueueWebhookDeliveries>[1];
}): Promise<void> {
  await enqueueManyInTransaction({
    jobs,
    transaction,
    queue: WEBHOOK_DELIVER_QUEUE,
    inserts: deliveries.map(({ delivery, startAfter, trace }) => ({
      ...WEBHOOK_DELIVER_SEND_OPTIONS,
      data: withJobTrace(
        webhookDeliverPayloadSchema.parse(delivery) satisfies WebhookDeliverPayload,
        trace ?? activeTraceHeaders(),
      ),
      group: { id: delivery.endpointId },
      ...(startAfter ? { startAfter } : {}),
    })),
  });
}

/** `enqueueWebhookDeliveries` on a job queue, as the fan-out and the record of an attempt take it. */
const enqueueOn =
  (jobs: PgBoss): EnqueueWebhookDeliveries =>
  (transaction, deliveries) =>
    enqueueWebhookDeliveries({ jobs, transaction, deliveries });

/** What the webhook loops need from the worker, besides a delivery's. */
export type WebhookDispatchContext = WebhookDeliverContext & {
  webhooks: {
    /** Deliveries in flight at once. */
    concurrency: number;
    /** Deliveries of one endpoint in flight at once, across every worker. */
    perEndpoint: number;
    /** How often the fan-out and an idle delivery loop look for work, in milliseconds. */
    pollMs: number;
  };
};

/**
 * The fan-out of events to endpoints and their deliveries, fetched by a loop of their own
 * (`startWebhookDispatcher`): at most `perEndpoint` of one endpoint at a time, so that a slow endpoint never holds a
 * batch. `notify`: a delivery starts as soon as the fan-out enqueues it (the time from a change to its webhook).
 */
export const webhookDeliverQueue = defineJob<WebhookDispatchContext>()({
  name: WEBHOOK_DELIVER_QUEUE,
  role: 'webhooks',
  notify: true,
  options: ({ webhookExpireSeconds }) => ({ expireInSeconds: webhookExpireSeconds }),
  handle: async (context, job): Promise<WebhookDeliverOutcome | 'dropped'> => {
    const log = context.logger.child({ job_id: job.id, queue: WEBHOOK_DELIVER_QUEUE });
    const delivery = payloadOf(webhookDeliverPayloadSchema, job, { log, queue: WEBHOOK_DELIVER_QUEUE });
    if (!delivery) return 'dropped';
    return deliverWebhook(context, { delivery, enqueue: enqueueOn(context.jobs), jobId: job.id });
  },
  failureOutput: () => INTERNAL_ERROR_OUTPUT,
  loop: (context, handle) =>
    startWebhookDispatcher({
      ...context,
      ...context.webhooks,
      queue: WEBHOOK_DELIVER_QUEUE,
      enqueue: enqueueOn(context.jobs),
      handle,
    }),
});
