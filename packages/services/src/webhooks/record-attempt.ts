import type { PgBoss } from 'pg-boss';
import { IsNull, type EntityManager } from 'typeorm';
import { type WebhookDisabledReason, managerOf, queryRows, uuidv7, type DbHandle } from '@svc/db';
import { queueOutboxMessages } from '../messages/outbox.js';
import type { EnqueueWebhookDeliveries, WebhookDelivery } from './delivery.js';
import { User, WebhookEndpoint } from '@svc/db/entities';

/** What became of an attempt, as the worker decided it (the domain's `webhookAttemptDecision`). */
export type WebhookAttemptOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; at: Date }
  | { kind: 'give_up' }
  | { kind: 'disable'; reason: WebhookDisabledReason };

/** One row of `webhook_attempts`, as an attempt writes it. */
export type WebhookAttemptRow = {
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  succeeded: boolean;
};

/** Writes attempts in one statement (each its own UUIDv7, in the order given). */
export async function insertWebhookAttempts(handle: DbHandle, rows: readonly WebhookAttemptRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof WebhookAttemptRow>(key: K) => rows.map((row) => row[key]);
  await queryRows(
    handle,
    `INSERT INTO webhook_attempts (id, endpoint_id, event_id, event_type, attempt, status_code, duration_ms, error, succeeded)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::int[], $7::int[], $8::text[],
                          $9::boolean[])`,
    [
      rows.map(() => uuidv7()),
      column('endpointId'),
      column('eventId'),
      column('eventType'),
      column('attempt'),
      column('statusCode'),
      column('durationMs'),
      column('error'),
      column('succeeded'),
    ],
  );
}

/**
 * Records one attempt and its consequence in one transaction: the attempt's row; on success the end of the endpoint's
 * run of failures; on failure its start (if none ran), and the next attempt's job (`retry`), or the endpoint turned off
 * (`disable`; for three days of failures, an email to each active partner admin of the partner, in their language).
 */
export async function recordWebhookAttempt(
  handle: DbHandle,
  {
    jobs,
    enqueue,
    payload,
    endpoint,
    eventType,
    statusCode,
    durationMs,
    error,
    outcome,
    now,
    insertDelivered = (row) => insertWebhookAttempts(handle, [row]),
  }: {
    jobs: PgBoss;
    /** Enqueues the next attempt's job (`retry`; the queue's file: `enqueueWebhookDeliveries`). */
    enqueue: EnqueueWebhookDeliveries;
    payload: WebhookDelivery;
    endpoint: WebhookEndpoint;
    eventType: string;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    outcome: WebhookAttemptOutcome;
    now: Date;
    /**
     * Writes the attempt of the usual case, a success of a healthy endpoint, which is one statement and nothing else
     * (default: its own statement; the worker merges those of deliveries answered together into one, `deliverWebhook`).
     */
    insertDelivered?: (row: WebhookAttemptRow) => Promise<void>;
  },
): Promise<void> {
  const manager = managerOf(handle);
  const succeeded = outcome.kind === 'delivered';
  const row: WebhookAttemptRow = {
    endpointId: endpoint.id,
    eventId: payload.eventId,
    eventType,
    attempt: payload.attempt,
    statusCode,
    durationMs,
    error,
    succeeded,
  };
  // The usual case, a success of a healthy endpoint, is one statement.
  if (succeeded && !endpoint.failingSince) {
    await insertDelivered(row);
    return;
  }
  await manager.transaction(async (transaction) => {
    await insertWebhookAttempts(transaction, [row]);
    if (succeeded) {
      await transaction.update(WebhookEndpoint, { id: endpoint.id }, { failingSince: null });
      return;
    }
    if (!endpoint.failingSince)
      await transaction.update(WebhookEndpoint, { id: endpoint.id, failingSince: IsNull() }, { failingSince: now });
    if (outcome.kind === 'retry') {
      await enqueue(transaction, [{ delivery: { ...payload, attempt: payload.attempt + 1 }, startAfter: outcome.at }]);
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
