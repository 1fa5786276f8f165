import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createListingBodySchema, listingSchema } from '../schemas/listing.js';

export const createListing = c.mutation({
  method: 'POST',
  path: '/api/v2/listings/',
  headers: writeHeaders,
  body: createListingBodySchema,
  responses: { 201: listingSchema, ...problemResponses(400, 403, 409) },
  summary: 'Create a listing',
  description:
    'Creates a rental listing of a property. Amounts are sent as numbers and returned as decimal strings. `notification_list_ids` name users of the same team to notify of new applications.\n\nDeprecated: the create-listing operation is marked deprecated (document 1, Versioning). It keeps working; the response carries a `Deprecation` header.',
  deprecated: true,
  metadata: metadata('Listings', 'createListing'),
});
