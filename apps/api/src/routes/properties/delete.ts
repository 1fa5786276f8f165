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
    const outcome = await repository.deleteProperty(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      propertyId: idOrNotFound(params.property_id, 'Property'),
    });
    if (outcome === 'not_found') throw AppError.notFound('Property');
    if (typeof outcome === 'object')
      throw new AppError({
        code: 'in_use',
        status: 409,
        detail: `Applications were made to listings of this property: ${outcome.listingsInUse.join(', ')}. A property whose listings have applications is kept.`,
      });
    return { status: 204, body: undefined };
  };
