import type { PgBoss } from 'pg-boss';
import { type Database, insertRows, rowsToInsert, EVENTS, newEvent } from '@svc/db';
import { enqueueWebhookDeliveries } from '../jobs/webhook-deliver.js';
import type { WebhookEndpoint } from '@svc/db/entities';

/**
 * Records a `ping` event for one endpoint and enqueues its delivery to that endpoint only (it is never fanned out to
 * the partner's others), in one transaction. Answers the event's id.
 */
export async function sendWebhookPing(
  db: Database,
  { jobs, endpoint }: { jobs: PgBoss; endpoint: WebhookEndpoint },
): Promise<string> {
  return db.transaction(async (manager) => {
    const ping = newEvent({
      partnerId: endpoint.partnerId,
      environment: endpoint.environment,
      teamId: endpoint.teamId,
      applicantId: null,
      type: 'ping',
      data: { webhook_endpoint_id: endpoint.id },
    });
    ping.webhooksPending = false;
    await insertRows(manager, rowsToInsert(EVENTS, [ping]));
    await enqueueWebhookDeliveries({
      jobs,
      transaction: manager,
      deliveries: [{ delivery: { eventId: ping.id, endpointId: endpoint.id, attempt: 1 } }],
    });
    return ping.id;
  });
}
