import type { WebhookEndpointBody } from '@svc/contract';
import type { DataScope, WebhookEndpointFields } from '@svc/db';
import type { Response } from 'express';
import type { Deps } from '../../deps.js';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { checkWebhookUrl } from '../../http/webhook-url.js';

/** Whose endpoints a key manages: its partner and environment, and for a team key its team only. */
export function webhookScopeOf(res: Response): DataScope {
  const principal = principalOf(res);
  return { partnerId: principal.partner.id, environment: principal.environment, teamId: teamScopeOf(principal) };
}

export const webhookEndpointIdOf = (params: { webhookendpoint_id: string }) =>
  idOrNotFound(params.webhookendpoint_id, 'Webhook endpoint');

/** An endpoint's fields from a create or replace body, its URL checked (https, public addresses). */
export async function webhookEndpointFieldsOf(deps: Deps, body: WebhookEndpointBody): Promise<WebhookEndpointFields> {
  await checkWebhookUrl(body.url, { allowPrivate: deps.config.SVC_WEBHOOK_ALLOW_PRIVATE === true });
  return {
    url: body.url,
    eventTypes: body.event_types ?? null,
    teamId: body.team?.toLowerCase() ?? null,
    enabled: body.enabled ?? true,
  };
}
