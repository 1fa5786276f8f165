import { eventRecordOf, type Database } from '@svc/db';
import { webhookAttemptDecision } from '@svc/domain';
import { coalesce, fulfilled } from '../jobs/coalesce.js';
import type { BaseJobContext } from '../jobs/definition.js';
import type { EnqueueWebhookDeliveries, WebhookDelivery } from './delivery.js';
import { findWebhookDeliveries, type FoundWebhookDelivery } from './find-delivery.js';
import {
  insertWebhookAttempts,
  recordWebhookAttempt,
  type WebhookAttemptOutcome,
  type WebhookAttemptRow,
} from './record-attempt.js';

/** What an endpoint answered: its status code, or why there was none (an error code, never a body). */
export type WebhookAnswer = { statusCode: number | null; error: string | null; durationMs: number };

/** One delivery to send: the `webhook-id` (the event's id, the same on every attempt), the body, the secrets. */
export type WebhookMessage = { url: string; id: string; body: string; secrets: readonly string[]; timestamp: Date };

/** Sends signed deliveries over HTTP (apps/worker's `createWebhookSender`). */
export type WebhookSender = {
  send(message: WebhookMessage): Promise<WebhookAnswer>;
  close(): void;
};

/** What delivering webhooks needs from the worker. */
export type WebhookDeliverContext = BaseJobContext & {
  webhookSender: WebhookSender;
  /** The retry schedule (null: the production one; tests shorten it). */
  webhookRetryScheduleMs: readonly number[] | null;
};

/** What a delivery did. */
export type WebhookDeliverOutcome = 'skipped' | WebhookAttemptOutcome['kind'];

/**
 * The statements of the deliveries a worker makes side by side, merged per database (`coalesce`, one merged statement
 * in flight at a time): the look-ups of a fetched batch are one statement, and the attempts of the usual case (a
 * success of a healthy endpoint) answered while the previous ones were being written are one `INSERT`.
 */
type MergedStatements = {
  find(delivery: WebhookDelivery): Promise<FoundWebhookDelivery>;
  insertDelivered(row: WebhookAttemptRow): Promise<void>;
};

const mergedStatements = new WeakMap<Database, MergedStatements>();

function mergedStatementsOf(db: Database): MergedStatements {
  let merged = mergedStatements.get(db);
  if (!merged) {
    merged = {
      find: coalesce(async (deliveries: WebhookDelivery[]) => fulfilled(await findWebhookDeliveries(db, deliveries)), {
        oneAtATime: true,
      }),
      insertDelivered: coalesce(
        async (rows: WebhookAttemptRow[]) => {
          await insertWebhookAttempts(db, rows);
          return fulfilled(rows.map(() => undefined));
        },
        { oneAtATime: true },
      ),
    };
    mergedStatements.set(db, merged);
  }
  return merged;
}

/**
 * One attempt to deliver an event to an endpoint (DESIGN.md 9.7). An endpoint turned off, deleted, or of another
 * environment than the event gets nothing. The `webhook-id` is the event's id on every attempt (receivers dedupe on
 * it); the body is the event as `GET /api/v1/events/{id}/` answers it. The attempt, and what follows from it (the
 * next attempt's job, by `enqueue`; the endpoint turned off), are recorded in one transaction. A worker lost before
 * that leaves the job to expire and run again: at least once.
 */
export async function deliverWebhook(
  context: WebhookDeliverContext,
  { delivery, enqueue, jobId }: { delivery: WebhookDelivery; enqueue: EnqueueWebhookDeliveries; jobId: string },
): Promise<WebhookDeliverOutcome> {
  const merged = mergedStatementsOf(context.db);
  const found = await merged.find(delivery);
  if (!found || !found.endpoint.enabled || found.endpoint.environment !== found.event.environment) return 'skipped';
  const { event, endpoint } = found;
  const now = context.now();
  const secrets = [
    endpoint.secret,
    ...(endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.previousSecret]
      : []),
  ];
  const answer = await context.webhookSender.send({
    url: endpoint.url,
    id: event.id,
    body: JSON.stringify(eventRecordOf(event)),
    secrets,
    timestamp: now,
  });
  const answeredAt = context.now();
  const decision = webhookAttemptDecision({
    statusCode: answer.statusCode,
    attempt: delivery.attempt,
    failingSince: endpoint.failingSince ?? answeredAt,
    now: answeredAt,
    ...(context.webhookRetryScheduleMs ? { schedule: context.webhookRetryScheduleMs } : {}),
  });
  const outcome: WebhookAttemptOutcome =
    decision.kind === 'retry' ? { kind: 'retry', at: new Date(answeredAt.getTime() + decision.delayMs) } : decision;
  await recordWebhookAttempt(context.db, {
    jobs: context.jobs,
    enqueue,
    payload: delivery,
    endpoint,
    eventType: event.type,
    statusCode: answer.statusCode,
    durationMs: answer.durationMs,
    error: answer.error,
    outcome,
    now: answeredAt,
    insertDelivered: merged.insertDelivered,
  });
  context.logger.info(
    {
      job_id: jobId,
      queue: 'webhook.deliver',
      endpoint_id: endpoint.id,
      event_id: event.id,
      attempt: delivery.attempt,
      status_code: answer.statusCode,
      error: answer.error,
      duration_ms: answer.durationMs,
      outcome: outcome.kind,
    },
    'webhook attempt',
  );
  return outcome.kind;
}
