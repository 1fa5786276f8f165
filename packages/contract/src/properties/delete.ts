import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { PROPERTY_PATHS, propertyIdParams, type PropertyPath } from './retrieve.js';

export const deleteProperty = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'DELETE',
    path: PROPERTY_PATHS[form] as PropertyPath<F>,
    pathParams: propertyIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404, 409) },
    summary: 'Delete a property',
    description: `Deletes a property without listings. One that still has listings answers 409 \`in_use\`: delete its listings first.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Properties', form === 'v2' ? 'deletePropertyV2' : 'deleteProperty'),
  });
