import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPackage } from '../../presenters/package.js';

export const retrievePackage: RouteFactory<typeof contract.packages.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    const packageId = idOrNotFound(params.package_id, 'Package');
    const found = await repository.findPackage(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      packageId,
    });
    if (!found) throw AppError.notFound('Package');
    return { status: 200, body: presentPackage(found) };
  };
