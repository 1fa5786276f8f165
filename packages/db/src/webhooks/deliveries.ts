import { z } from 'zod';
import type { JobInsert, PgBoss, SendOptions } from 'pg-boss';
import { IsNull, type EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { Event } from '../entities/event.js';
import { User } from '../entities/user.js';
import { WebhookAttempt } from '../entities/webhook-attempt.js';
import { WebhookEndpoint, type WebhookDisabledReason } from '../entities/webhook-endpoint.js';
import { WEBHOOK_DELIVER_QUEUE } from '../applications/jobs.js';
import { enqueueInTransaction, enqueueManyInTransaction } from '../jobs.js';
import { queueOutboxMessages } from '../messages/outbox.js';
import { queryRows } from '../repositories/query-rows.js';
import {
  entityOfRow,
  insertRows,
  rowsToInsert,
  type ColumnProperty,
  type TableRows,
} from '../repositories/table-rows.js';
import { EVENTS, newEvent } from '../events/record.js';

/**
 * Webhook deliveries (apps/worker): the fan-out of new events to the endpoints that want them, one `webhook.deliver`
 * job per (event, endpoint), and the record of each attempt. The retry schedule is the domain's
 * (`webhookAttemptDecision`): a failed attempt completes its job and enqueues the next attempt at its time, in the
 * transaction that records it.
 */

/** The payload of a `webhook.deliver` job: the event, the endpoint, and which attempt this is (1, 2…). */
export const webhookDeliverPayloadSchema = z
  .object({ eventId: z.string().uuid(), endpointId: z.string().uuid(), attempt: z.number().int().min(1) })
  .strict();
export type WebhookDeliverPayload = z.infer<typeof webhookDeliverPayloadSchema>;

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

const deliverJob = (payload: WebhookDeliverPayload, startAfter?: Date): JobInsert => ({
  ...WEBHOOK_DELIVER_SEND_OPTIONS,
  data: webhookDeliverPayloadSchema.parse(payload),
  group: { id: payload.endpointId },
  ...(startAfter ? { startAfter } : {}),
});

/**
 * Fans out up to `limit` events not yet fanned out: one `webhook.deliver` job per enabled endpoint of the same partner
 * and environment whose team scope and type filter take it and that existed when the event happened (a fan-out that
 * lags sends a new endpoint nothing from before it; a replay does that on request), in one transaction with marking them done (a worker that
 * dies meanwhile leaves them pending for the next). Rows are claimed with SKIP LOCKED: workers share the work.
 * Answers how many events it took.
 */
export async function fanOutPendingEvents({
  db,
  jobs,
  limit = 500,
}: {
  db: Database;
  jobs: PgBoss;
  limit?: number;
}): Promise<number> {
  return db.transaction(async (manager) => {
    const rows = await queryRows<{ event_id: string; endpoint_id: string | null }>(
      manager,
      `WITH picked AS (
         SELECT id FROM events WHERE webhooks_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       ), done AS (
         UPDATE events e SET webhooks_pending = false FROM picked WHERE e.id = picked.id
         RETURNING e.id, e.partner_id, e.environment, e.team_id, e.type, e.created
       )
       SELECT d.id AS event_id, w.id AS endpoint_id
         FROM done d
         LEFT JOIN webhook_endpoints w
           ON w.partner_id = d.partner_id AND w.environment = d.environment AND w.enabled
          AND (w.team_id IS NULL OR w.team_id = d.team_id)
          AND (w.event_types IS NULL OR w.event_types ? d.type)
          AND w.created <= d.created
        ORDER BY d.id`,
      [limit],
    );
    const inserts = rows.flatMap(({ event_id: eventId, endpoint_id: endpointId }) =>
      endpointId ? [deliverJob({ eventId, endpointId, attempt: 1 })] : [],
    );
    await enqueueManyInTransaction({ jobs, transaction: manager, queue: WEBHOOK_DELIVER_QUEUE, inserts });
    return new Set(rows.map((row) => row.event_id)).size;
  });
}

/** What one attempt delivers: the event and its endpoint, read in one statement (null when either is gone). */
export async function findWebhookDelivery(
  manager: EntityManager,
  { eventId, endpointId }: { eventId: string; endpointId: string },
): Promise<{ event: Event; endpoint: WebhookEndpoint } | null> {
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

/** What became of an attempt, as the worker decided it (the domain's `webhookAttemptDecision`). */
export type WebhookAttemptOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; at: Date }
  | { kind: 'give_up' }
  | { kind: 'disable'; reason: WebhookDisabledReason };

/**
 * Records one attempt and its consequence in one transaction: the attempt's row; on success the end of the endpoint's
 * run of failures; on failure its start (if none ran), and the next attempt's job (`retry`), or the endpoint turned off
 * (`disable`; for three days of failures, an email to each active partner admin of the partner, in their language).
 */
export async function recordWebhookAttempt(
  manager: EntityManager,
  {
    jobs,
    payload,
    endpoint,
    eventType,
    statusCode,
    durationMs,
    error,
    outcome,
    now,
  }: {
    jobs: PgBoss;
    payload: WebhookDeliverPayload;
    endpoint: WebhookEndpoint;
    eventType: string;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    outcome: WebhookAttemptOutcome;
    now: Date;
  },
): Promise<void> {
  const succeeded = outcome.kind === 'delivered';
  const attemptRow = (transaction: EntityManager) =>
    transaction.save(
      transaction.create(WebhookAttempt, {
        endpointId: endpoint.id,
        eventId: payload.eventId,
        eventType,
        attempt: payload.attempt,
        statusCode,
        durationMs,
        error,
        succeeded,
      }),
    );
  // The usual case, a success of a healthy endpoint, is one statement.
  if (succeeded && !endpoint.failingSince) {
    await attemptRow(manager);
    return;
  }
  await manager.transaction(async (transaction) => {
    await attemptRow(transaction);
    if (succeeded) {
      await transaction.update(WebhookEndpoint, { id: endpoint.id }, { failingSince: null });
      return;
    }
    if (!endpoint.failingSince)
      await transaction.update(WebhookEndpoint, { id: endpoint.id, failingSince: IsNull() }, { failingSince: now });
    if (outcome.kind === 'retry') {
      await enqueueInTransaction({
        jobs,
        transaction,
        queue: WEBHOOK_DELIVER_QUEUE,
        data: { ...payload, attempt: payload.attempt + 1 },
        options: { ...WEBHOOK_DELIVER_SEND_OPTIONS, group: { id: endpoint.id }, startAfter: outcome.at },
      });
    } else if (outcome.kind === 'disable') {
      await transaction.update(
        WebhookEndpoint,
        { id: endpoint.id },
        { enabled: false, disabledReason: outcome.reason },
      );
      if (outcome.reason === 'failing') await tellPartnerAdmins(transaction, { jobs, endpoint });
    }
  });
}

/** The email that an endpoint was turned off after three days of failures, to each active partner admin. */
async function tellPartnerAdmins(
  manager: EntityManager,
  { jobs, endpoint }: { jobs: PgBoss; endpoint: WebhookEndpoint },
): Promise<void> {
  const admins = await manager.findBy(User, { partnerId: endpoint.partnerId, isPartnerAdmin: true, isActive: true });
  await queueOutboxMessages(manager, {
    jobs,
    messages: admins.map((admin) => ({
      partnerId: endpoint.partnerId,
      environment: endpoint.environment,
      applicantId: null,
      channel: 'email' as const,
      purpose: 'notification' as const,
      recipient: admin.email,
      senderName: null,
      ...endpointDisabledEmail({ language: admin.language, endpoint }),
      htmlBody: null,
    })),
  });
}

function endpointDisabledEmail({ language, endpoint }: { language: string; endpoint: WebhookEndpoint }) {
  return language === 'fr'
    ? {
        subject: 'Point de terminaison webhook désactivé',
        textBody: `Les livraisons au point de terminaison webhook ${endpoint.id} (${endpoint.url}) échouent depuis trois jours : il a été désactivé. Réactivez-le (PUT /api/v1/webhook-endpoints/${endpoint.id}/, enabled: true) une fois corrigé, puis rejouez les événements manqués (POST …/replay/).`,
      }
    : {
        subject: 'Webhook endpoint turned off',
        textBody: `Deliveries to webhook endpoint ${endpoint.id} (${endpoint.url}) have failed for three days, so it has been turned off. Turn it on again (PUT /api/v1/webhook-endpoints/${endpoint.id}/ with enabled: true) once it is fixed, then replay the events it missed (POST …/replay/).`,
      };
}

/**
 * Enqueues a new delivery, to one endpoint, of each event of its partner and environment that it takes (its team and
 * types) created at or after `since`: a replay. Answers how many.
 */
export async function replayWebhookEvents(
  manager: EntityManager,
  { jobs, endpoint, since }: { jobs: PgBoss; endpoint: WebhookEndpoint; since: Date },
): Promise<number> {
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
    await enqueueManyInTransaction({
      jobs,
      transaction,
      queue: WEBHOOK_DELIVER_QUEUE,
      inserts: rows.map((row) => deliverJob({ eventId: row.id, endpointId: endpoint.id, attempt: 1 })),
    });
    return rows.length;
  });
}

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
    await enqueueManyInTransaction({
      jobs,
      transaction: manager,
      queue: WEBHOOK_DELIVER_QUEUE,
      inserts: [deliverJob({ eventId: ping.id, endpointId: endpoint.id, attempt: 1 })],
    });
    return ping.id;
  });
}
