import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWebhookEndpoint } from '../../presenters/webhook-endpoint.js';
import { teamOutsideScope } from '../packages/problems.js';
import { webhookEndpointFieldsOf, webhookEndpointIdOf, webhookScopeOf } from './scope.js';

export const replaceWebhookEndpoint: RouteFactory<typeof contract.webhookEndpoints.replace> =
  (deps) =>
  async ({ params, body, res }) => {
    const endpointId = webhookEndpointIdOf(params);
    const scope = webhookScopeOf(res);
    const db = deps.db;
    if (!(await repository.findWebhookEndpoint(db, { ...scope, endpointId })))
      throw AppError.notFound('Webhook endpoint');
    const endpoint = await webhookEndpointFieldsOf(deps, body);
    const replaced = await repository.replaceWebhookEndpoint(db, { ...scope, endpointId, endpoint });
    if (!replaced) throw AppError.validation([teamOutsideScope]);
    return { status: 200, body: presentWebhookEndpoint(replaced) };
  };
