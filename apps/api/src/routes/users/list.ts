import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentUserListItem } from '../../presenters/user.js';

export const listUsers: RouteFactory<typeof contract.users.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const page = pageRequest(query);
    const { count, rows } = await repository.listUsers(deps.db, {
      partnerId: principal.partner.id,
      superteamId: query.superteam?.toLowerCase(),
      teamId: query.team?.toLowerCase(),
      isActive: query.is_active,
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({
        request: req,
        page,
        count,
        results: rows.map(presentUserListItem),
        publicUrl: publicUrlOf(deps, req),
      }),
    };
  };
