import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWebhookEndpointWithSecret } from '../../presenters/webhook-endpoint.js';
import { teamOutsideScope } from '../packages/problems.js';
import { webhookEndpointFieldsOf, webhookScopeOf } from './scope.js';

export const createWebhookEndpoint: RouteFactory<typeof contract.webhookEndpoints.create> =
  (deps) =>
  async ({ body, res }) => {
    const endpoint = await webhookEndpointFieldsOf(deps, body);
    const created = await repository.createWebhookEndpoint(deps.db, {
      ...webhookScopeOf(res),
      endpoint,
    });
    if (!created) throw AppError.validation([teamOutsideScope]);
    return { status: 201, body: presentWebhookEndpointWithSecret(created) };
  };
