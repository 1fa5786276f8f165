import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWebhookEndpoint } from '../../presenters/webhook-endpoint.js';
import { webhookScopeOf } from './scope.js';

export const listWebhookEndpoints: RouteFactory<typeof contract.webhookEndpoints.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const page = pageRequest(query);
    const { count, rows } = await repository.listWebhookEndpoints(deps.db, {
      ...webhookScopeOf(res),
      offset: page.offset,
      limit: page.pageSize,
    });
    const results = rows.map(presentWebhookEndpoint);
    return { status: 200, body: pageOf({ request: req, page, count, results, publicUrl: publicUrlOf(deps, req) }) };
  };
