import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWebhookEndpoint } from '../../presenters/webhook-endpoint.js';
import { webhookEndpointIdOf, webhookScopeOf } from './scope.js';

export const retrieveWebhookEndpoint: RouteFactory<typeof contract.webhookEndpoints.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const found = await repository.findWebhookEndpoint(deps.db, {
      ...webhookScopeOf(res),
      endpointId: webhookEndpointIdOf(params),
    });
    if (!found) throw AppError.notFound('Webhook endpoint');
    return { status: 200, body: presentWebhookEndpoint(found) };
  };
