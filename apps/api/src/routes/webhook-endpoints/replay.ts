import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import * as services from '@svc/services';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { webhookEndpointIdOf, webhookScopeOf } from './scope.js';

export const replayWebhookEvents: RouteFactory<typeof contract.webhookEndpoints.replay> =
  (deps) =>
  async ({ params, body, res }) => {
    const db = deps.db;
    const endpoint = await repository.findWebhookEndpoint(db, {
      ...webhookScopeOf(res),
      endpointId: webhookEndpointIdOf(params),
    });
    if (!endpoint) throw AppError.notFound('Webhook endpoint');
    const events = await services.replayWebhookEvents(db, {
      jobs: deps.jobs,
      endpoint,
      since: new Date(body.since),
    });
    return { status: 202, body: { events } };
  };
