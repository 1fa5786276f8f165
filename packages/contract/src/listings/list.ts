import { z } from 'zod';
import { c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { listingSchema } from '../schemas/listing.js';

export const listListings = c.query({
  method: 'GET',
  path: '/api/v1/pm/listings/',
  query: z.object(pageQueryShape),
  responses: { 200: paginated(listingSchema, 'listings'), ...problemResponses(400, 404) },
  summary: 'List listings',
  description: `Every listing of the key's PM teams, oldest first.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('Listings', 'listListings'),
});
