import { eventRecordOf } from '@svc/db';
import { webhookAttemptDecision } from '@svc/domain';
import type { BaseJobContext } from '../jobs/definition.js';
import type { EnqueueWebhookDeliveries, WebhookDelivery } from './delivery.js';
import { findWebhookDelivery } from './find-delivery.js';
import { recordWebhookAttempt, type WebhookAttemptOutcome } from './record-attempt.js';

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
  const found = await findWebhookDelivery(context.db, delivery);
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
