import { type Database, queryRows } from '@svc/db';
import type { EnqueueWebhookDeliveries } from './delivery.js';

/**
 * Webhook deliveries (apps/worker): the fan-out of new events to the endpoints that want them, one `webhook.deliver`
 * job per (event, endpoint), and the record of each attempt. The retry schedule is the domain's
 * (`webhookAttemptDecision`): a failed attempt completes its job and enqueues the next attempt at its time, in the
 * transaction that records it.
 */

/**
 * Fans out up to `limit` events not yet fanned out: one `webhook.deliver` job per enabled endpoint of the same partner
 * and environment whose team scope and type filter take it and that existed when the event happened (a fan-out that
 * lags sends a new endpoint nothing from before it; a replay does that on request), in one transaction with marking them done (a worker that
 * dies meanwhile leaves them pending for the next). Rows are claimed with SKIP LOCKED: workers share the work.
 * Answers how many events it took.
 */
export async function fanOutPendingEvents({
  db,
  enqueue,
  limit = 500,
}: {
  db: Database;
  /** Enqueues the `webhook.deliver` jobs (the queue's file: `enqueueWebhookDeliveries`). */
  enqueue: EnqueueWebhookDeliveries;
  limit?: number;
}): Promise<number> {
  return db.transaction(async (manager) => {
    const rows = await queryRows<{
      event_id: string;
      endpoint_id: string | null;
      trace_context: Record<string, string> | null;
    }>(
      manager,
      `WITH picked AS (
         SELECT id FROM events WHERE webhooks_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       ), done AS (
         UPDATE events e SET webhooks_pending = false FROM picked WHERE e.id = picked.id
         RETURNING e.id, e.partner_id, e.environment, e.team_id, e.type, e.created, e.trace_context
       )
       SELECT d.id AS event_id, w.id AS endpoint_id, d.trace_context
         FROM done d
         LEFT JOIN webhook_endpoints w
           ON w.partner_id = d.partner_id AND w.environment = d.environment AND w.enabled
          AND (w.team_id IS NULL OR w.team_id = d.team_id)
          AND (w.event_types IS NULL OR w.event_types ? d.type)
          AND w.created <= d.created
        ORDER BY d.id`,
      [limit],
    );
    await enqueue(
      manager,
      rows.flatMap(({ event_id: eventId, endpoint_id: endpointId, trace_context: trace }) =>
        endpointId ? [{ delivery: { eventId, endpointId, attempt: 1 }, trace }] : [],
      ),
    );
    return new Set(rows.map((row) => row.event_id)).size;
  });
}
