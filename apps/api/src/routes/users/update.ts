import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWrittenUser } from '../../presenters/user.js';
import { emailConflictOr, requirePartnerTeam, userFieldsOf } from './create.js';

export const updateUser: RouteFactory<typeof contract.users.update> =
  (deps) =>
  async ({ params, body, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const userId = idOrNotFound(params.user_id, 'User');
    const manager = deps.db.dataSource.manager;
    const partnerId = principal.partner.id;
    const user = userFieldsOf(body);
    if (!(await repository.findUser(manager, { partnerId, userId }))) throw AppError.notFound('User');
    await requirePartnerTeam(manager, { partnerId, teamId: user.teamId });
    const updated = await repository.updateUser(manager, { partnerId, userId, user }).catch(emailConflictOr);
    if (!updated) throw AppError.notFound('User');
    return { status: 200, body: presentWrittenUser(updated) };
  };
