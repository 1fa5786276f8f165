import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { serviceCollectionSchema } from '../schemas/service-collection.js';

export const listServiceCollections = c.query({
  method: 'GET',
  path: '/hr/v1/servicecollections/',
  query: z.object(pageQueryShape),
  responses: { 200: paginated(serviceCollectionSchema, 'service collections'), ...problemResponses(400, 404) },
  summary: 'List service collections',
  description:
    "Preset groups of checks and settings of the key's teams, oldest first. Send a collection's `request_*` flags to invite or quick-screen with it.",
  metadata: metadata('Service collections', 'listServiceCollections'),
});
