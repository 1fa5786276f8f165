import type { EntityManager } from 'typeorm';

/** One delivery of an event to an endpoint: which attempt this is (1, 2…). The `webhook.deliver` job's payload. */
export type WebhookDelivery = { eventId: string; endpointId: string; attempt: number };

/**
 * Enqueues `webhook.deliver` jobs in `transaction` (each at `startAfter`, default now): the queue's file
 * (`enqueueWebhookDeliveries`) gives it to the fan-out and the record of an attempt, which its handler calls.
 */
export type EnqueueWebhookDeliveries = (
  transaction: EntityManager,
  deliveries: ReadonlyArray<{
    delivery: WebhookDelivery;
    startAfter?: Date | undefined;
    /** The trace context of the event (`events.trace_context`); default: the active span's. */
    trace?: Record<string, string> | null | undefined;
  }>,
) => Promise<void>;
