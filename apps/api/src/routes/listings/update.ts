import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentListing } from '../../presenters/listing.js';

/** PUT and PATCH, in both forms: the fields sent change, the others stay. */
export const updateListing: SharedRouteFactory<typeof contract.listingsV2.update> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const principal = principalOf(res);
    const update = await repository.updateListing(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      listingId: idOrNotFound(params.listing_id, 'Listing'),
      changes: {
        ownerId: body.owner_id?.toLowerCase(),
        notificationUserIds: body.notification_list_ids?.map((id) => id.toLowerCase()),
        rent: body.rent,
        name: body.name,
        unit: body.unit,
        moveInDate: body.move_in_date ? new Date(`${body.move_in_date}T00:00:00Z`) : undefined,
        moveInImmediately: body.move_in_immediately,
        securityDepositAmount: body.security_deposit_amount,
        petDepositAmount: body.pet_deposit_amount,
        petDeposit: body.pet_deposit,
        storageLocker: body.storage_locker,
        isActive: body.is_active,
        isPublic: body.is_public,
        propertyManagerTerms: body.property_manager_terms,
      },
    });
    if (update.outcome === 'not_found') throw AppError.notFound('Listing');
    if (update.outcome === 'invalid_references')
      throw AppError.validation(
        update.fields.map((path) => ({ path, code: 'invalid_value', message: 'is not a user of the property’s team' })),
      );
    return { status: 200, body: presentListing(update.listing, { publicUrl: publicUrlOf(deps, req) }) };
  };
