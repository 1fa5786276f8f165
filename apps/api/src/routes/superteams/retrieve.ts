import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentSuperteam } from '../../presenters/superteam.js';

export const retrieveSuperteam: RouteFactory<typeof contract.superteams.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const superteamId = idOrNotFound(params.superteam_id, 'Superteam');
    const superteam = await repository.findSuperteam(deps.db, {
      partnerId: principal.partner.id,
      superteamId,
    });
    if (!superteam) throw AppError.notFound('Superteam');
    return { status: 200, body: presentSuperteam(superteam) };
  };
