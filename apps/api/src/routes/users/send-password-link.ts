import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { emailPasswordLink } from '../../account/password-link.js';
import { publicUrlOf } from '../../deps.js';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { auditAction } from '../../http/audit.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';

export const sendPasswordLink: RouteFactory<typeof contract.users.sendPasswordLink> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const userId = idOrNotFound(params.user_id, 'User');
    await deps.db.dataSource.manager.transaction(async (transaction) => {
      const user = await repository.findUser(transaction, { partnerId: principal.partner.id, userId });
      if (!user) throw AppError.notFound('User');
      if (!user.isActive) throw AppError.conflict('This user is inactive and cannot log in: activate them first.');
      await emailPasswordLink(transaction, { jobs: deps.jobs, user, baseUrl: publicUrlOf(deps, req), now: deps.now() });
      await auditAction(transaction, {
        principal,
        request: req,
        response: res,
        action: 'password_link.sent',
        subjectType: 'user',
        subjectId: userId,
      });
    });
    return { status: 202, body: undefined };
  };
