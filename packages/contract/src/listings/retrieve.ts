import { z } from 'zod';
import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { listingSchema } from '../schemas/listing.js';

/** Where a single listing answers in each form. */
export const LISTING_PATHS = {
  pm: '/api/v1/pm/listings/:listing_id/',
  v2: '/api/v2/listings/:listing_id/',
} as const;
export type ListingPath<F extends PmForm> = (typeof LISTING_PATHS)[F];

export const listingIdParams = z.object({
  listing_id: z.string().describe('Identifier of the listing (`id` of the listing record).'),
});

export const retrieveListing = <F extends PmForm>(form: F) =>
  c.query({
    method: 'GET',
    path: LISTING_PATHS[form] as ListingPath<F>,
    pathParams: listingIdParams,
    responses: { 200: listingSchema, ...problemResponses(404) },
    summary: 'Retrieve a listing',
    description: `One listing of the key's PM teams.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Listings', form === 'v2' ? 'retrieveListingV2' : 'retrieveListing'),
  });
