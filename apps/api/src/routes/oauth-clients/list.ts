import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentOAuthClient } from '../../presenters/oauth-client.js';

export const listOAuthClients: RouteFactory<typeof contract.oauthClients.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const page = pageRequest(query);
    const { count, rows } = await repository.listOAuthClients(deps.db, {
      partnerId: principal.partner.id,
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({
        request: req,
        page,
        count,
        results: rows.map(presentOAuthClient),
        publicUrl: publicUrlOf(deps, req),
      }),
    };
  };
