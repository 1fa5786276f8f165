import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { webhookEndpointIdOf, webhookScopeOf } from './scope.js';

export const deleteWebhookEndpoint: RouteFactory<typeof contract.webhookEndpoints.delete> =
  (deps) =>
  async ({ params, res }) => {
    const deleted = await repository.deleteWebhookEndpoint(deps.db, {
      ...webhookScopeOf(res),
      endpointId: webhookEndpointIdOf(params),
    });
    if (!deleted) throw AppError.notFound('Webhook endpoint');
    return { status: 204, body: undefined };
  };
