import { z } from 'zod';
import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { listingSchema } from '../schemas/listing.js';

export const listListings = <F extends PmForm>(form: F) =>
  c.query({
    method: 'GET',
    path: (form === 'v2' ? '/api/v2/listings/' : '/api/v1/pm/listings/') as F extends 'v2'
      ? '/api/v2/listings/'
      : '/api/v1/pm/listings/',
    query: z.object(pageQueryShape),
    responses: { 200: paginated(listingSchema, 'listings'), ...problemResponses(400, 404) },
    summary: 'List listings',
    description: `Every listing of the key's PM teams, oldest first.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Listings', form === 'v2' ? 'listListingsV2' : 'listListings'),
  });
