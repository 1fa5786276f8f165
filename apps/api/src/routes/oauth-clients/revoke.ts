import type { contract } from '@svc/contract';
import { withdrawOAuthClient } from '@svc/services';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';

/**
 * Revokes a client. Its tokens are refused by the look-up from then on (`findPrincipalByAccessToken` joins the
 * client): this process forgets the ones it remembers at once, another process (`cachedPrincipalLookup`) within its
 * 5 seconds.
 */
export const revokeOAuthClient: RouteFactory<typeof contract.oauthClients.revoke> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const clientId = idOrNotFound(params.client_id, 'OAuth2 client');
    const revoked = await withdrawOAuthClient(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      clientId,
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    if (!revoked.ok) throw AppError.notFound('OAuth2 client');
    deps.principals.forget(clientId);
    return { status: 204, body: undefined };
  };
