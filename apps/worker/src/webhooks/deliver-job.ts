import {
  eventRecordOf,
  findWebhookDelivery,
  recordWebhookAttempt,
  webhookDeliverPayloadSchema,
  type JobQueue,
  type WebhookAttemptOutcome,
} from '@svc/db';
import { webhookAttemptDecision } from '@svc/domain';
import type { JobContext, QueuedJob } from '../job.js';
import type { WebhookSender } from './send.js';

export type WebhookDeliverContext = JobContext & {
  jobs: JobQueue;
  sender: WebhookSender;
  /** The retry schedule (default the production one; tests shorten it). */
  retryScheduleMs?: readonly number[] | undefined;
};

/** What a `webhook.deliver` job did. */
export type WebhookDeliverOutcome = 'dropped' | 'skipped' | WebhookAttemptOutcome['kind'];

/**
 * One attempt to deliver an event to an endpoint (DESIGN.md 9.7). An endpoint turned off, deleted, or of another
 * environment than the event gets nothing. The `webhook-id` is the event's id on every attempt (receivers dedupe on
 * it); the body is the event as `GET /api/v1/events/{id}/` answers it. The attempt, and what follows from it (the
 * next attempt's job, the endpoint turned off), are recorded in one transaction. A worker lost before that leaves
 * the job to expire and run again: at least once.
 */
export async function runWebhookDeliverJob(
  context: WebhookDeliverContext,
  job: QueuedJob,
): Promise<WebhookDeliverOutcome> {
  const log = context.logger.child({ job_id: job.id, queue: 'webhook.deliver' });
  const payload = webhookDeliverPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    log.error('webhook.deliver job dropped: invalid payload');
    return 'dropped';
  }
  const manager = context.db.dataSource.manager;
  const found = await findWebhookDelivery(manager, payload.data);
  if (!found || !found.endpoint.enabled || found.endpoint.environment !== found.event.environment) return 'skipped';
  const { event, endpoint } = found;
  const now = context.now();
  const secrets = [
    endpoint.secret,
    ...(endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.previousSecret]
      : []),
  ];
  const answer = await context.sender.send({
    url: endpoint.url,
    id: event.id,
    body: JSON.stringify(eventRecordOf(event)),
    secrets,
    timestamp: now,
  });
  const answeredAt = context.now();
  const decision = webhookAttemptDecision({
    statusCode: answer.statusCode,
    attempt: payload.data.attempt,
    failingSince: endpoint.failingSince ?? answeredAt,
    now: answeredAt,
    ...(context.retryScheduleMs ? { schedule: context.retryScheduleMs } : {}),
  });
  const outcome: WebhookAttemptOutcome =
    decision.kind === 'retry' ? { kind: 'retry', at: new Date(answeredAt.getTime() + decision.delayMs) } : decision;
  await recordWebhookAttempt(manager, {
    jobs: context.jobs,
    payload: payload.data,
    endpoint,
    eventType: event.type,
    statusCode: answer.statusCode,
    durationMs: answer.durationMs,
    error: answer.error,
    outcome,
    now: answeredAt,
  });
  log.info(
    {
      endpoint_id: endpoint.id,
      event_id: event.id,
      attempt: payload.data.attempt,
      status_code: answer.statusCode,
      error: answer.error,
      duration_ms: answer.durationMs,
      outcome: outcome.kind,
    },
    'webhook attempt',
  );
  return outcome.kind;
}
