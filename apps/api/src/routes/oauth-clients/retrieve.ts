import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentOAuthClient } from '../../presenters/oauth-client.js';

export const retrieveOAuthClient: RouteFactory<typeof contract.oauthClients.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const client = await repository.findOAuthClient(deps.db, {
      partnerId: principal.partner.id,
      clientId: idOrNotFound(params.client_id, 'OAuth2 client'),
    });
    if (!client) throw AppError.notFound('OAuth2 client');
    return { status: 200, body: presentOAuthClient(client) };
  };
