import { queryRows, entityOfRow, type ColumnProperty, type TableRows, EVENTS, managerOf, type DbHandle } from '@svc/db';
import { Event, WebhookEndpoint } from '@svc/db/entities';

/** What one attempt delivers: the event and its endpoint, read in one statement (null when either is gone). */
export async function findWebhookDelivery(
  handle: DbHandle,
  { eventId, endpointId }: { eventId: string; endpointId: string },
): Promise<{ event: Event; endpoint: WebhookEndpoint } | null> {
  const manager = managerOf(handle);
  const [row] = await queryRows<{ event: Record<string, unknown>; endpoint: Record<string, unknown> }>(
    manager,
    `SELECT to_json(e) AS event, to_json(w) AS endpoint
       FROM webhook_endpoints w JOIN events e ON e.id = $1 AND e.partner_id = w.partner_id
      WHERE w.id = $2`,
    [eventId, endpointId],
  );
  return row ? { event: entityOfRow(EVENTS, row.event), endpoint: entityOfRow(WEBHOOK_ENDPOINTS, row.endpoint) } : null;
}

/** The columns of `webhook_endpoints`, to read an endpoint with its event in one statement (secrets opened). */
const WEBHOOK_ENDPOINTS: TableRows<WebhookEndpoint, ColumnProperty<WebhookEndpoint>> = {
  table: 'webhook_endpoints',
  create: () => new WebhookEndpoint(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    environment: 'environment',
    teamId: 'team_id',
    url: 'url',
    eventTypes: 'event_types',
    enabled: 'enabled',
    disabledReason: 'disabled_reason',
    secret: 'secret',
    previousSecret: 'previous_secret',
    previousSecretExpiresAt: 'previous_secret_expires_at',
    failingSince: 'failing_since',
    created: 'created',
    modified: 'modified',
  },
  dates: ['previousSecretExpiresAt', 'failingSince', 'created', 'modified'],
  json: ['eventTypes'],
};
