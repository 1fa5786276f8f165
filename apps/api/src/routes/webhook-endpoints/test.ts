import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import * as services from '@svc/services';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { webhookEndpointIdOf, webhookScopeOf } from './scope.js';

export const testWebhookEndpoint: RouteFactory<typeof contract.webhookEndpoints.test> =
  (deps) =>
  async ({ params, res }) => {
    const endpoint = await repository.findWebhookEndpoint(deps.db, {
      ...webhookScopeOf(res),
      endpointId: webhookEndpointIdOf(params),
    });
    if (!endpoint) throw AppError.notFound('Webhook endpoint');
    const eventId = await services.sendWebhookPing(deps.db, { jobs: deps.jobs, endpoint });
    return { status: 202, body: { event_id: eventId } };
  };
