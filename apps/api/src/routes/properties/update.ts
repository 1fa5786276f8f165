import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentProperty } from '../../presenters/property.js';

/** PUT and PATCH, in both forms: the fields sent change, the others stay. */
export const updateProperty: SharedRouteFactory<typeof contract.propertiesV2.update> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const principal = principalOf(res);
    const update = await repository.updateProperty(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      propertyId: idOrNotFound(params.property_id, 'Property'),
      changes: {
        ownerId: body.owner_id?.toLowerCase(),
        building: body.building,
        buildingCode: body.building_code,
        address: body.address,
        city: body.city,
        provinceState: body.province_state,
        country: body.country,
        postalCode: body.postal_code,
        county: body.county,
        isActive: body.is_active,
      },
    });
    if (update.outcome === 'not_found') throw AppError.notFound('Property');
    if (update.outcome === 'invalid_owner')
      throw AppError.validation([
        { path: 'owner_id', code: 'invalid_value', message: 'is not a user of the property’s team' },
      ]);
    if (update.property.country === 'US' && !update.property.county)
      throw AppError.validation([{ path: 'county', code: 'required', message: 'is required for a US address' }]);
    return { status: 200, body: presentProperty(update.property, { publicUrl: publicUrlOf(deps, req) }) };
  };
