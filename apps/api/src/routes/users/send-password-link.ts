import type { contract } from '@svc/contract';
import { sendUserPasswordLink } from '@svc/services';
import { setPasswordLinkOf } from '../../account/password-link.js';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';

export const sendPasswordLink: RouteFactory<typeof contract.users.sendPasswordLink> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const sent = await sendUserPasswordLink(deps.db, {
      jobs: deps.jobs,
      partnerId: principal.partner.id,
      userId: idOrNotFound(params.user_id, 'User'),
      linkOf: setPasswordLinkOf(deps, req),
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    if (!sent.ok) {
      if (sent.refusal === 'user_not_found') throw AppError.notFound('User');
      throw AppError.conflict('This user is inactive and cannot log in: activate them first.');
    }
    return { status: 202, body: undefined };
  };
