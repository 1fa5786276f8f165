import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPackage } from '../../presenters/package.js';
import { teamOutsideScope } from './problems.js';

export const replacePackage: RouteFactory<typeof contract.packages.replace> =
  (deps) =>
  async ({ params, body, res }) => {
    const principal = principalOf(res);
    const packageId = idOrNotFound(params.package_id, 'Package');
    const replacement = await repository.replacePackageOfScope(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      packageId,
      package: {
        name: body.name,
        teamId: body.team.toLowerCase(),
        requestFlags: body.request_flags,
        settings: body.settings,
      },
    });
    switch (replacement.outcome) {
      case 'package_not_found':
        throw AppError.notFound('Package');
      case 'team_outside_scope':
        throw AppError.validation([teamOutsideScope]);
      case 'default_stays_with_team':
        throw AppError.validation([
          { path: 'team', code: 'invalid_value', message: "is another team: a team's default package stays with it" },
        ]);
      case 'replaced':
        return { status: 200, body: presentPackage(replacement.package) };
    }
  };
