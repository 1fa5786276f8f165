import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createListing } from './create.js';
import { listListings } from './list.js';

export const listingRoutes = (deps: Deps) =>
  resourceRoutes(contract.listings, { list: listListings(deps), create: createListing(deps) });

export const listingV2Routes = (deps: Deps) => resourceRoutes(contract.listingsV2, { list: listListings(deps) });
