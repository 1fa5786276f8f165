import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { apiKeyScopeOf, auditKeyOperation, requireLiveKeyForKeyWrites } from './key-access.js';

export const revokeApiKey: RouteFactory<typeof contract.apiKeys.revoke> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    requireLiveKeyForKeyWrites(principal);
    const keyId = idOrNotFound(params.api_key_id, 'API key');
    await deps.db.dataSource.manager.transaction(async (transaction) => {
      const revoked = await repository.revokeApiKey(transaction, {
        ...apiKeyScopeOf(principal),
        keyId,
        at: deps.now(),
      });
      if (!revoked) throw AppError.notFound('API key');
      await auditKeyOperation(transaction, {
        principal,
        request: req,
        response: res,
        action: 'api_key.revoked',
        subject: revoked,
      });
    });
    // Refused at once by this process; the others read it again within the 5 seconds they may remember it.
    deps.principals.forget(keyId);
    return { status: 204, body: undefined };
  };
