import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentListing } from '../../presenters/listing.js';

const REFERENCE_MESSAGES: Record<string, string> = {
  property_id: 'is not a property of your account',
  owner_id: 'is not a user of the property’s team',
};

export const createListing: RouteFactory<typeof contract.listings.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    const urlCode = body['url-code'];
    let creation: repository.ListingCreation;
    try {
      creation = await repository.createListingOfPropertyTeam(deps.db, {
        partnerId: principal.partner.id,
        environment: principal.environment,
        teamId: teamScopeOf(principal),
        listing: {
          propertyId: body.property_id.toLowerCase(),
          ownerId: body.owner_id.toLowerCase(),
          notificationUserIds: body.notification_list_ids.map((id) => id.toLowerCase()),
          rent: body.rent,
          name: body.name ?? null,
          unit: body.unit ?? null,
          moveInDate: body.move_in_date ? new Date(`${body.move_in_date}T00:00:00Z`) : null,
          moveInImmediately: body.move_in_immediately,
          securityDepositAmount: body.security_deposit_amount ?? null,
          petDepositAmount: body.pet_deposit_amount ?? null,
          petDeposit: body.pet_deposit,
          storageLocker: body.storage_locker,
          isActive: body.is_active,
          isPublic: body.is_public,
          propertyManagerTerms: body.property_manager_terms,
          urlCode,
        },
      });
    } catch (error) {
      if (error instanceof repository.ListingUrlCodeTakenError) {
        throw AppError.conflict('This url-code is already used by another listing.', [
          { path: 'url-code', code: 'taken', message: 'is already used by another listing' },
        ]);
      }
      throw error;
    }
    if (creation.outcome === 'invalid_references') {
      throw AppError.validation(
        creation.fields.map((path) => ({
          path,
          code: 'invalid_value',
          message: REFERENCE_MESSAGES[path] ?? 'is not a user of the property’s team',
        })),
      );
    }
    return { status: 201, body: presentListing(creation.listing, { publicUrl: publicUrlOf(deps, req) }) };
  };
