import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';

export const deleteProperty: SharedRouteFactory<typeof contract.propertiesV2.delete> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    const outcome = await repository.deleteProperty(deps.db.dataSource.manager, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      propertyId: idOrNotFound(params.property_id, 'Property'),
    });
    if (outcome === 'not_found') throw AppError.notFound('Property');
    if (outcome === 'has_listings')
      throw new AppError({
        code: 'in_use',
        status: 409,
        detail: 'This property still has listings: delete them first.',
      });
    return { status: 204, body: undefined };
  };
