import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentTeam } from '../../presenters/team.js';
import { requirePartnerSuperteam, teamFieldsOf, teamNameConflictOr } from './create.js';

export const replaceTeam: RouteFactory<typeof contract.teams.replace> =
  (deps) =>
  async ({ params, body, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const teamId = idOrNotFound(params.team_id, 'Team');
    const db = deps.db;
    const partnerId = principal.partner.id;
    const team = teamFieldsOf(body);
    if (!(await repository.findTeam(db, { partnerId, teamId }))) throw AppError.notFound('Team');
    await requirePartnerSuperteam(db, { partnerId, superteamId: team.superteamId });
    const replaced = await repository
      .replaceTeamWithUniqueName(db, { partnerId, teamId, team })
      .catch(teamNameConflictOr);
    if (!replaced) throw AppError.notFound('Team');
    return { status: 200, body: presentTeam(replaced) };
  };
