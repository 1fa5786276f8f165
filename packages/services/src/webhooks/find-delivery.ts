import { queryRows, entityOfRow, type ColumnProperty, type TableRows, EVENTS, managerOf, type DbHandle } from '@svc/db';
import { Event, WebhookEndpoint } from '@svc/db/entities';

/** What one attempt delivers: the event and its endpoint (null when either is gone). */
export type FoundWebhookDelivery = { event: Event; endpoint: WebhookEndpoint } | null;

/** What one attempt delivers: the event and its endpoint, read in one statement (null when either is gone). */
export async function findWebhookDelivery(
  handle: DbHandle,
  delivery: { eventId: string; endpointId: string },
): Promise<FoundWebhookDelivery> {
  const [found] = await findWebhookDeliveries(handle, [delivery]);
  return found ?? null;
}

/**
 * What several attempts deliver, in one statement: each one's event and endpoint, in the order asked (null where
 * either is gone). The deliveries of a fetched batch read theirs together (`deliverWebhook`).
 */
export async function findWebhookDeliveries(
  handle: DbHandle,
  deliveries: ReadonlyArray<{ eventId: string; endpointId: string }>,
): Promise<FoundWebhookDelivery[]> {
  const manager = managerOf(handle);
  const rows = await queryRows<{ position: string; event: Record<string, unknown>; endpoint: Record<string, unknown> }>(
    manager,
    `SELECT p.position, to_json(e) AS event, to_json(w) AS endpoint
       FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS p (event_id, endpoint_id, position)
       JOIN webhook_endpoints w ON w.id = p.endpoint_id
       JOIN events e ON e.id = p.event_id AND e.partner_id = w.partner_id`,
    [deliveries.map((delivery) => delivery.eventId), deliveries.map((delivery) => delivery.endpointId)],
  );
  const found: FoundWebhookDelivery[] = deliveries.map(() => null);
  for (const row of rows) {
    found[Number(row.position) - 1] = {
      event: entityOfRow(EVENTS, row.event),
      endpoint: entityOfRow(WEBHOOK_ENDPOINTS, row.endpoint),
    };
  }
  return found;
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
