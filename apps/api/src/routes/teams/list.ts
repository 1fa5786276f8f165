import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentTeamListItem } from '../../presenters/team.js';

export const listTeams: RouteFactory<typeof contract.teams.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const page = pageRequest(query);
    const { count, rows } = await repository.listTeams(deps.db, {
      partnerId: principal.partner.id,
      superteamId: query.superteam?.toLowerCase(),
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({
        request: req,
        page,
        count,
        results: rows.map(presentTeamListItem),
        publicUrl: publicUrlOf(deps, req),
      }),
    };
  };
