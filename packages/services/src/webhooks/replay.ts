import type { PgBoss } from 'pg-boss';
import { queryRows, managerOf, type DbHandle } from '@svc/db';
import { enqueueWebhookDeliveries } from '../jobs/webhook-deliver.js';
import { WebhookEndpoint } from '@svc/db/entities';

/**
 * Enqueues a new delivery, to one endpoint, of each event of its partner and environment that it takes (its team and
 * types) created at or after `since`: a replay. Answers how many.
 */
export async function replayWebhookEvents(
  handle: DbHandle,
  { jobs, endpoint, since }: { jobs: PgBoss; endpoint: WebhookEndpoint; since: Date },
): Promise<number> {
  const manager = managerOf(handle);
  return manager.transaction(async (transaction) => {
    const rows = await queryRows<{ id: string }>(
      transaction,
      `SELECT id FROM events
        WHERE partner_id = $1 AND environment = $2 AND created >= $3
          AND ($4::uuid IS NULL OR team_id = $4) AND ($5::jsonb IS NULL OR $5::jsonb ? type)
        ORDER BY created, id LIMIT 10000`,
      [
        endpoint.partnerId,
        endpoint.environment,
        since,
        endpoint.teamId,
        endpoint.eventTypes ? JSON.stringify(endpoint.eventTypes) : null,
      ],
    );
    await enqueueWebhookDeliveries({
      jobs,
      transaction,
      deliveries: rows.map((row) => ({ delivery: { eventId: row.id, endpointId: endpoint.id, attempt: 1 } })),
    });
    return rows.length;
  });
}
