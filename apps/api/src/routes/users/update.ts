import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWrittenUser } from '../../presenters/user.js';
import { auditKeyOperation } from '../api-keys/key-access.js';
import { emailConflictOr, requirePartnerTeam, userFieldsOf } from './create.js';

export const updateUser: RouteFactory<typeof contract.users.update> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const userId = idOrNotFound(params.user_id, 'User');
    const manager = deps.db.dataSource.manager;
    const partnerId = principal.partner.id;
    const user = userFieldsOf(body);
    if (!(await repository.findUser(manager, { partnerId, userId }))) throw AppError.notFound('User');
    await requirePartnerTeam(manager, { partnerId, teamId: user.teamId });
    // A user set inactive keeps no working key: its keys are revoked with the change, and each revocation audited.
    const { updated, revoked } = await manager
      .transaction(async (transaction) => {
        const written = await repository.updateUser(transaction, { partnerId, userId, user });
        if (!written || written.isActive) return { updated: written, revoked: [] };
        const revokedKeys = await repository.revokeApiKeysOfUser(transaction, { userId, at: deps.now() });
        for (const subject of revokedKeys)
          await auditKeyOperation(transaction, {
            principal,
            request: req,
            response: res,
            action: 'api_key.revoked',
            subject,
          });
        return { updated: written, revoked: revokedKeys };
      })
      .catch(emailConflictOr);
    if (!updated) throw AppError.notFound('User');
    for (const key of revoked) deps.principals.forget(key.id);
    return { status: 200, body: presentWrittenUser(updated) };
  };
