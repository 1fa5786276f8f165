import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';

export const deleteListing: SharedRouteFactory<typeof contract.listingsV2.delete> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    const outcome = await repository.deleteListing(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      listingId: idOrNotFound(params.listing_id, 'Listing'),
    });
    if (outcome === 'not_found') throw AppError.notFound('Listing');
    if (outcome === 'has_applications')
      throw new AppError({
        code: 'in_use',
        status: 409,
        detail: 'Applications were made for this listing: set is_active to false instead.',
      });
    return { status: 204, body: undefined };
  };
