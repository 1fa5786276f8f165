import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentProperty } from '../../presenters/property.js';

export const listProperties: SharedRouteFactory<typeof contract.propertiesV2.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const page = pageRequest(query);
    const { count, rows } = await repository.listProperties(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      offset: page.offset,
      limit: page.pageSize,
    });
    const publicUrl = publicUrlOf(deps, req);
    const results = rows.map((property) => presentProperty(property, { publicUrl }));
    return { status: 200, body: pageOf({ request: req, page, count, results, publicUrl }) };
  };
