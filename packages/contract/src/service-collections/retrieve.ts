import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { serviceCollectionSchema } from '../schemas/service-collection.js';

export const retrieveServiceCollection = c.query({
  method: 'GET',
  path: '/hr/v1/servicecollections/:servicecollection_id/',
  pathParams: z.object({ servicecollection_id: z.string().describe('Identifier of the service collection.') }),
  responses: { 200: serviceCollectionSchema, ...problemResponses(404) },
  summary: 'Retrieve a service collection',
  description: 'One service collection.',
  metadata: metadata('Service collections', 'retrieveServiceCollection'),
});
