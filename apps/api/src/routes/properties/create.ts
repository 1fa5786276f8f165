import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentProperty } from '../../presenters/property.js';

export const createProperty: SharedRouteFactory<typeof contract.propertiesV2.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    const property = await repository.createPropertyOfPmOwner(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      property: {
        ownerId: body.owner_id.toLowerCase(),
        building: body.building ?? null,
        buildingCode: body.building_code ?? null,
        address: body.address,
        city: body.city,
        provinceState: body.province_state,
        country: body.country,
        postalCode: body.postal_code ?? null,
        county: body.county ?? null,
        isActive: body.is_active,
      },
    });
    if (!property)
      throw AppError.validation([
        { path: 'owner_id', code: 'invalid_value', message: 'is not a user of a PM team of your account' },
      ]);
    return { status: 201, body: presentProperty(property, { publicUrl: publicUrlOf(deps, req) }) };
  };
