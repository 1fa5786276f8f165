import type { contract } from '@svc/contract';
import * as services from '@svc/services';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentCheckType } from '../../presenters/check-type.js';

/** The checks the key's team (or the team named, for a partner admin) can order, and what each needs. */
export const listCheckTypes: RouteFactory<typeof contract.checkTypes.list> =
  (deps) =>
  async ({ query, res }) => {
    const principal = principalOf(res);
    const now = deps.now();
    const found = await services.listCheckTypes(deps.db, {
      scope: { partnerId: principal.partner.id, environment: principal.environment, teamId: teamScopeOf(principal) },
      teamId: query.team_id?.toLowerCase(),
      ownTeamId: principal.team.id,
      providers: deps.providers,
      now,
    });
    if (!found) throw AppError.notFound('Team');
    return {
      status: 200,
      body: {
        team_id: found.team.id,
        team_type: found.team.type,
        environment: principal.environment,
        results: found.checks.map((entry) => presentCheckType(entry, now)),
      },
    };
  };
