import type { z } from 'zod';
import type { webhookAttemptSchema, webhookEndpointSchema } from '@svc/contract';
import type { WebhookAttempt, WebhookEndpoint } from '@svc/db/entities';

/** An endpoint as the contract's record (never its secret: `presentWebhookEndpointWithSecret` shows it). */
export function presentWebhookEndpoint(endpoint: WebhookEndpoint): z.infer<typeof webhookEndpointSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    event_types: endpoint.eventTypes,
    team: endpoint.teamId,
    environment: endpoint.environment,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    created: endpoint.created.toISOString(),
    modified: endpoint.modified.toISOString(),
  };
}

/** The answer of a create or a rotation: the endpoint and its new secret. */
export const presentWebhookEndpointWithSecret = (endpoint: WebhookEndpoint) => ({
  ...presentWebhookEndpoint(endpoint),
  secret: endpoint.secret,
});

export function presentWebhookAttempt(attempt: WebhookAttempt): z.infer<typeof webhookAttemptSchema> {
  return {
    id: attempt.id,
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    attempt: attempt.attempt,
    created: attempt.created.toISOString(),
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    succeeded: attempt.succeeded,
  };
}
