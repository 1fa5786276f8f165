import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { createListing } from './create.js';
import { listListings } from './list.js';

export const listingRoutes = (deps: Deps) => ({
  contract: contract.listings,
  implementation: { list: listListings(deps), create: createListing(deps) },
});
