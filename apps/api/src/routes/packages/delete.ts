import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';

export const deletePackage: RouteFactory<typeof contract.packages.delete> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    const packageId = idOrNotFound(params.package_id, 'Package');
    const outcome = await repository.deletePackage(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      packageId,
    });
    if (outcome === 'not_found') throw AppError.notFound('Package');
    if (outcome === 'is_default')
      throw new AppError({
        code: 'in_use',
        status: 409,
        detail:
          "This is its team's default package, which orders naming no check run: change its checks with a replace instead.",
      });
    return { status: 204, body: undefined };
  };
