import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { propertySchema, updatePropertyBodySchema } from '../schemas/property.js';
import { PROPERTY_PATHS, propertyIdParams, type PropertyPath } from './retrieve.js';

/** PUT and PATCH alike change the fields sent and keep the others, as the original service's PUT did. */
export const updateProperty = <F extends PmForm, M extends 'PUT' | 'PATCH'>(form: F, method: M) =>
  c.mutation({
    method,
    path: PROPERTY_PATHS[form] as PropertyPath<F>,
    pathParams: propertyIdParams,
    headers: writeHeaders,
    body: updatePropertyBodySchema,
    responses: { 200: propertySchema, ...problemResponses(400, 404, 409) },
    summary: method === 'PUT' ? 'Update a property' : 'Update a property (PATCH)',
    description: `Changes the fields sent and keeps the others (${method} is a partial update, as the original service's PUT was). A new \`owner_id\` must be a user of the property's team. Answers with the whole property.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Properties', `${method === 'PUT' ? 'update' : 'patch'}Property${form === 'v2' ? 'V2' : ''}`),
  });
