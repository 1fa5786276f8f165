import type { contract } from '@svc/contract';
import { issueKey } from '@svc/services';
import { requireNoStrongerCredential } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentApiKey } from '../../presenters/api-key.js';
import { apiKeyScopeOf, requireLiveKeyForKeyWrites } from './key-access.js';

export const createApiKey: RouteFactory<typeof contract.apiKeys.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requireLiveKeyForKeyWrites(principal);
    const expiresAt = body.expires === undefined ? null : new Date(body.expires);
    if (expiresAt && expiresAt <= deps.now())
      throw AppError.validation([{ path: 'expires', code: 'invalid_value', message: 'must be in the future' }]);
    requireNoStrongerCredential(principal, { scope: body.scope, expiresAt }, 'an API key');
    const scope = apiKeyScopeOf(principal);
    const userId = body.user_id?.toLowerCase() ?? principal.user.id;
    // A team user issues keys for itself only: any other user is outside what it may see.
    if (scope.userId !== undefined && userId !== scope.userId) throw AppError.notFound('User');
    const issued = await issueKey(deps.db, {
      partnerId: principal.partner.id,
      actor: auditActorOf(principal, req, res),
      key: { userId, environment: body.environment, name: body.name, scope: body.scope, expiresAt },
    });
    if (!issued.ok) {
      if (issued.refusal === 'user_not_found') throw AppError.notFound('User');
      throw AppError.conflict('The user is inactive: an inactive user holds no working key.');
    }
    const { apiKey, secret } = issued.value;
    return { status: 201, body: { ...presentApiKey(apiKey), secret } };
  };
