import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWebhookAttempt } from '../../presenters/webhook-endpoint.js';
import { webhookEndpointIdOf, webhookScopeOf } from './scope.js';

export const listWebhookDeliveries: RouteFactory<typeof contract.webhookEndpoints.listDeliveries> =
  (deps) =>
  async ({ params, query, req, res }) => {
    const page = pageRequest(query);
    const found = await repository.listWebhookAttempts(deps.db, {
      ...webhookScopeOf(res),
      endpointId: webhookEndpointIdOf(params),
      offset: page.offset,
      limit: page.pageSize,
    });
    if (!found) throw AppError.notFound('Webhook endpoint');
    const results = found.rows.map(presentWebhookAttempt);
    return {
      status: 200,
      body: pageOf({ request: req, page, count: found.count, results, publicUrl: publicUrlOf(deps, req) }),
    };
  };
