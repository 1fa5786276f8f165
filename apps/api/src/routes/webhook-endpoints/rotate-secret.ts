import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWebhookEndpointWithSecret } from '../../presenters/webhook-endpoint.js';
import { webhookEndpointIdOf, webhookScopeOf } from './scope.js';

/** How long the old secret signs too when the request does not say. */
const DEFAULT_OVERLAP_SECONDS = 86_400;

export const rotateWebhookSecret: RouteFactory<typeof contract.webhookEndpoints.rotateSecret> =
  (deps) =>
  async ({ params, body, res }) => {
    const overlapMs = (body.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS) * 1000;
    const rotated = await repository.rotateWebhookSecret(deps.db, {
      ...webhookScopeOf(res),
      endpointId: webhookEndpointIdOf(params),
      overlapEndsAt: new Date(deps.now().getTime() + overlapMs),
    });
    if (!rotated) throw AppError.notFound('Webhook endpoint');
    return { status: 200, body: presentWebhookEndpointWithSecret(rotated) };
  };
