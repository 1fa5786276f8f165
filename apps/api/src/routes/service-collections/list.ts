import type { contract } from '@svc/contract';
import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentServiceCollection } from '../../presenters/service-collection.js';

export const listServiceCollections: SharedRouteFactory<typeof contract.serviceCollections.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const page = pageRequest(query);
    const { count, rows } = await services.listServiceCollections(deps.db, {
      partnerId: principal.partner.id,
      teamId: teamScopeOf(principal),
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({
        request: req,
        page,
        count,
        results: rows.map(presentServiceCollection),
        publicUrl: publicUrlOf(deps, req),
      }),
    };
  };
