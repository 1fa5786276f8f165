import type { contract } from '@svc/contract';
import { addOAuthClient } from '@svc/services';
import { requireLiveAdministration, requireNoStrongerCredential } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentOAuthClient } from '../../presenters/oauth-client.js';

export const createOAuthClient: RouteFactory<typeof contract.oauthClients.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    requireNoStrongerCredential(principal, { scope: 'read_write', expiresAt: null }, 'an OAuth client');
    const created = await addOAuthClient(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      userId: body.user.toLowerCase(),
      name: body.name,
      actor: auditActorOf(principal, req, res),
    });
    if (!created.ok)
      throw AppError.validation([{ path: 'user', code: 'not_found', message: 'is not a user of your account' }]);
    const { client, secret } = created.value;
    return { status: 201, body: { ...presentOAuthClient(client), client_secret: secret } };
  };
