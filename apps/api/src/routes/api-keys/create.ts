import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentApiKey } from '../../presenters/api-key.js';
import { apiKeyScopeOf, auditKeyOperation, requireLiveKeyForKeyWrites } from './key-access.js';

export const createApiKey: RouteFactory<typeof contract.apiKeys.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requireLiveKeyForKeyWrites(principal);
    const expiresAt = body.expires === undefined ? null : new Date(body.expires);
    if (expiresAt && expiresAt <= deps.now())
      throw AppError.validation([{ path: 'expires', code: 'invalid_value', message: 'must be in the future' }]);
    const scope = apiKeyScopeOf(principal);
    const userId = body.user_id?.toLowerCase() ?? principal.user.id;
    // A team user issues keys for itself only: any other user is outside what it may see.
    if (scope.userId !== undefined && userId !== scope.userId) throw AppError.notFound('User');
    const manager = deps.db.dataSource.manager;
    const user = await repository.findUser(manager, { partnerId: principal.partner.id, userId });
    if (!user) throw AppError.notFound('User');
    if (!user.isActive) throw AppError.conflict('The user is inactive: an inactive user holds no working key.');
    const { secret, apiKey } = await manager.transaction(async (transaction) => {
      const issued = await repository.issueApiKey(transaction, {
        userId,
        environment: body.environment,
        name: body.name,
        scope: body.scope,
        expiresAt,
      });
      await auditKeyOperation(transaction, {
        principal,
        request: req,
        response: res,
        action: 'api_key.created',
        subject: issued.apiKey,
      });
      return issued;
    });
    return { status: 201, body: { ...presentApiKey(apiKey), secret } };
  };
