import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentTeam } from '../../presenters/team.js';

export const retrieveTeam: RouteFactory<typeof contract.teams.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    requireAdministration(principal);
    const teamId = idOrNotFound(params.team_id, 'Team');
    const team = await repository.findTeam(deps.db, { partnerId: principal.partner.id, teamId });
    if (!team) throw AppError.notFound('Team');
    return { status: 200, body: presentTeam(team) };
  };
