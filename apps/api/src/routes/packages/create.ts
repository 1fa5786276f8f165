import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPackage } from '../../presenters/package.js';
import { teamOutsideScope } from './problems.js';

export const createPackage: RouteFactory<typeof contract.packages.create> =
  (deps) =>
  async ({ body, res }) => {
    const principal = principalOf(res);
    const created = await repository.createPackage(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      package: {
        name: body.name,
        teamId: (body.team ?? principal.team.id).toLowerCase(),
        requestFlags: body.request_flags,
        settings: body.settings,
      },
    });
    if (!created) throw AppError.validation([teamOutsideScope]);
    const { superteam: _superteam, ...record } = presentPackage(created);
    return { status: 201, body: record };
  };
