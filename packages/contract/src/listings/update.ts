import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { listingSchema, updateListingBodySchema } from '../schemas/listing.js';
import { LISTING_PATHS, listingIdParams, type ListingPath } from './retrieve.js';

/** PUT and PATCH alike change the fields sent and keep the others, as the original service's PUT did. */
export const updateListing = <F extends PmForm, M extends 'PUT' | 'PATCH'>(form: F, method: M) =>
  c.mutation({
    method,
    path: LISTING_PATHS[form] as ListingPath<F>,
    pathParams: listingIdParams,
    headers: writeHeaders,
    body: updateListingBodySchema,
    responses: { 200: listingSchema, ...problemResponses(400, 404, 409) },
    summary: method === 'PUT' ? 'Update a listing' : 'Update a listing (PATCH)',
    description: `Changes the fields sent and keeps the others (${method} is a partial update, as the original service's PUT was). A new \`owner_id\` and the users of \`notification_list_ids\` (which replaces the list) must be users of the property's team. Answers with the whole listing.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Listings', `${method === 'PUT' ? 'update' : 'patch'}Listing${form === 'v2' ? 'V2' : ''}`),
  });
