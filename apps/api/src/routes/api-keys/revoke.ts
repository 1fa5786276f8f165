import type { contract } from '@svc/contract';
import { revokeKey } from '@svc/services';
import { idOrNotFound } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { apiKeyScopeOf, requireLiveKeyForKeyWrites } from './key-access.js';

export const revokeApiKey: RouteFactory<typeof contract.apiKeys.revoke> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    requireLiveKeyForKeyWrites(principal);
    const keyId = idOrNotFound(params.api_key_id, 'API key');
    const revoked = await revokeKey(deps.db, {
      scope: apiKeyScopeOf(principal),
      keyId,
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    if (!revoked.ok) throw AppError.notFound('API key');
    // Refused at once by this process; the others read it again within the 5 seconds they may remember it.
    deps.principals.forget(keyId);
    return { status: 204, body: undefined };
  };
