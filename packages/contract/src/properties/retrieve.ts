import { z } from 'zod';
import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { propertySchema } from '../schemas/property.js';

/** Where a single property answers in each form. */
export const PROPERTY_PATHS = {
  pm: '/api/v1/pm/properties/:property_id/',
  v2: '/api/v2/properties/:property_id/',
} as const;
export type PropertyPath<F extends PmForm> = (typeof PROPERTY_PATHS)[F];

export const propertyIdParams = z.object({
  property_id: z.string().describe('Identifier of the property (`id` of the property record).'),
});

export const retrieveProperty = <F extends PmForm>(form: F) =>
  c.query({
    method: 'GET',
    path: PROPERTY_PATHS[form] as PropertyPath<F>,
    pathParams: propertyIdParams,
    responses: { 200: propertySchema, ...problemResponses(404) },
    summary: 'Retrieve a property',
    description: `One property of the key's PM teams.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Properties', form === 'v2' ? 'retrievePropertyV2' : 'retrieveProperty'),
  });
