import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { LISTING_PATHS, listingIdParams, type ListingPath } from './retrieve.js';

export const deleteListing = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'DELETE',
    path: LISTING_PATHS[form] as ListingPath<F>,
    pathParams: listingIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404, 409) },
    summary: 'Delete a listing',
    description: `Deletes a listing nobody applied to. One with applications answers 409 \`in_use\`: set \`is_active\` to false instead.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Listings', form === 'v2' ? 'deleteListingV2' : 'deleteListing'),
  });
