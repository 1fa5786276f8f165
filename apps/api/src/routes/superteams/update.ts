import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentSuperteamAccount } from '../../presenters/superteam.js';
import { superteamFieldsOf } from './create.js';

export const updateSuperteam: RouteFactory<typeof contract.superteams.update> =
  (deps) =>
  async ({ params, body, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const superteamId = idOrNotFound(params.superteam_id, 'Superteam');
    const db = deps.db;
    const partnerId = principal.partner.id;
    const superteam = await repository.updateSuperteam(db, {
      partnerId,
      superteamId,
      superteam: superteamFieldsOf(body),
    });
    if (!superteam) throw AppError.notFound('Superteam');
    const [activeUserCount, teams] = await Promise.all([
      repository.countActiveUsersOfSuperteam(db, { partnerId, superteamId }),
      repository.listTeams(db, { partnerId, superteamId, offset: 0, limit: 1000 }),
    ]);
    const teamTypes = [...new Set(teams.rows.map((team) => team.type))];
    return { status: 200, body: presentSuperteamAccount({ superteam, activeUserCount, teamTypes }) };
  };
