import type { contract } from '@svc/contract';
import { editUser } from '@svc/services';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWrittenUser } from '../../presenters/user.js';
import { userFieldsOf, userWriteRefused } from './create.js';

export const updateUser: RouteFactory<typeof contract.users.update> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const userId = idOrNotFound(params.user_id, 'User');
    // A user set inactive keeps no working key: its keys are revoked with the change, and each revocation audited.
    const edited = await editUser(deps.db, {
      partnerId: principal.partner.id,
      userId,
      user: userFieldsOf(body),
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    if (!edited.ok) {
      if (edited.refusal === 'user_not_found') throw AppError.notFound('User');
      throw userWriteRefused(edited.refusal);
    }
    for (const key of edited.value.revoked) deps.principals.forget(key.id);
    return { status: 200, body: presentWrittenUser(edited.value.updated) };
  };
