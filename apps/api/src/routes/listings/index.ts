import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createListing } from './create.js';
import { deleteListing } from './delete.js';
import { listListings } from './list.js';
import { retrieveListing } from './retrieve.js';
import { updateListing } from './update.js';

/** The listing operations on one listing, implemented once for both forms (`/api/v1/pm/listings`, `/api/v2/listings`). */
const listingByIdImplementation = (deps: Deps) => ({
  list: listListings(deps),
  retrieve: retrieveListing(deps),
  update: updateListing(deps),
  patch: updateListing(deps),
  delete: deleteListing(deps),
});

export const listingRoutes = (deps: Deps) =>
  resourceRoutes(contract.listings, { ...listingByIdImplementation(deps), create: createListing(deps) });

export const listingV2Routes = (deps: Deps) => resourceRoutes(contract.listingsV2, listingByIdImplementation(deps));
