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
    const deleted = await repository.deletePackage(deps.db.dataSource.manager, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      packageId,
    });
    if (!deleted) throw AppError.notFound('Package');
    return { status: 204, body: undefined };
  };
