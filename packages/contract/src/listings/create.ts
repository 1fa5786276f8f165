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
    'Creates a rental listing of a property. Amounts are sent as numbers and returned as decimal strings. `notification_list_ids` name users of the same team to notify of new applications.\n\nDeprecated: the create-listing operation is marked deprecated. It keeps working indefinitely, with no removal date and no replacement yet; every answer carries `Deprecation: true`, and a removal would be announced at least 12 months ahead with a `Sunset` header (docs: Conventions, What deprecated means).',
  deprecated: true,
  metadata: metadata('Listings', 'createListing'),
});
