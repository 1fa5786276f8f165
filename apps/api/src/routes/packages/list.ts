import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPackage } from '../../presenters/package.js';

export const listPackages: RouteFactory<typeof contract.packages.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const page = pageRequest(query);
    const { count, rows } = await repository.listPackages(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      superteamId: query.superteam?.toLowerCase(),
      filterTeamId: query.team?.toLowerCase(),
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({ request: req, page, count, results: rows.map(presentPackage), publicUrl: publicUrlOf(deps, req) }),
    };
  };
