import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentProperty } from '../../presenters/property.js';

export const retrieveProperty: SharedRouteFactory<typeof contract.propertiesV2.retrieve> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const property = await repository.findProperty(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      propertyId: idOrNotFound(params.property_id, 'Property'),
    });
    if (!property) throw AppError.notFound('Property');
    return { status: 200, body: presentProperty(property, { publicUrl: publicUrlOf(deps, req) }) };
  };
