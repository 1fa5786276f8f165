import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentListing } from '../../presenters/listing.js';

export const retrieveListing: SharedRouteFactory<typeof contract.listingsV2.retrieve> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const listing = await repository.findListing(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      listingId: idOrNotFound(params.listing_id, 'Listing'),
    });
    if (!listing) throw AppError.notFound('Listing');
    return { status: 200, body: presentListing(listing, { publicUrl: publicUrlOf(deps, req) }) };
  };
