import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { auditAction } from '../../http/audit.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentOAuthClient } from '../../presenters/oauth-client.js';

export const createOAuthClient: RouteFactory<typeof contract.oauthClients.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const partnerId = principal.partner.id;
    const userId = body.user.toLowerCase();
    const created = await deps.db.dataSource.manager.transaction(async (transaction) => {
      const user = await repository.findUser(transaction, { partnerId, userId });
      if (!user)
        throw AppError.validation([{ path: 'user', code: 'not_found', message: 'is not a user of your account' }]);
      const client = await repository.createOAuthClient(transaction, { partnerId, userId, name: body.name });
      await auditAction(transaction, {
        principal,
        request: req,
        response: res,
        action: 'oauth_client.created',
        subjectType: 'oauth_client',
        subjectId: client.client.id,
      });
      return client;
    });
    return { status: 201, body: { ...presentOAuthClient(created.client), client_secret: created.secret } };
  };
