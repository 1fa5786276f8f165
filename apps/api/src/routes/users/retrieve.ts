import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentUser } from '../../presenters/user.js';

export const retrieveUser: RouteFactory<typeof contract.users.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const userId = idOrNotFound(params.user_id, 'User');
    const user = await repository.findUser(deps.db, { partnerId: principal.partner.id, userId });
    if (!user) throw AppError.notFound('User');
    return { status: 200, body: presentUser(user) };
  };
