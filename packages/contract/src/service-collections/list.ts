import { z } from 'zod';
import { c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { serviceCollectionSchema } from '../schemas/service-collection.js';

/** Under both HR prefixes, as the HR operations (`/hr/v1/` as specified, `/api/v1/hr/` as clients also call it). */
export const listServiceCollections = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${HR_PREFIXES[form]}/servicecollections/` as `${(typeof HR_PREFIXES)[F]}/servicecollections/`,
    query: z.object(pageQueryShape),
    responses: { 200: paginated(serviceCollectionSchema, 'service collections'), ...problemResponses(400, 404) },
    summary: 'List service collections',
    description:
      "Preset groups of checks and settings of the key's teams, oldest first. Send a collection's `request_*` flags to invite or quick-screen with it.",
    metadata: metadata('Service collections', form === 'hr' ? 'listServiceCollections' : 'hrListServiceCollections'),
  });
