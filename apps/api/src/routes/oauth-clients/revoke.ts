import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { auditAction } from '../../http/audit.js';
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
    await deps.db.dataSource.manager.transaction(async (transaction) => {
      const revoked = await repository.revokeOAuthClient(transaction, {
        partnerId: principal.partner.id,
        clientId,
        now: deps.now(),
      });
      if (!revoked) throw AppError.notFound('OAuth2 client');
      await auditAction(transaction, {
        principal,
        request: req,
        response: res,
        action: 'oauth_client.revoked',
        subjectType: 'oauth_client',
        subjectId: clientId,
      });
    });
    deps.principals.forget(clientId);
    return { status: 204, body: undefined };
  };
