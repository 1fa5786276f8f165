import { z } from 'zod';
import { c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { serviceCollectionSchema } from '../schemas/service-collection.js';

export const retrieveServiceCollection = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${HR_PREFIXES[form]}/servicecollections/:servicecollection_id/` as `${(typeof HR_PREFIXES)[F]}/servicecollections/:servicecollection_id/`,
    pathParams: z.object({ servicecollection_id: z.string().describe('Identifier of the service collection.') }),
    responses: { 200: serviceCollectionSchema, ...problemResponses(404) },
    summary: 'Retrieve a service collection',
    description: 'One service collection.',
    metadata: metadata(
      'Service collections',
      form === 'hr' ? 'retrieveServiceCollection' : 'hrRetrieveServiceCollection',
    ),
  });
