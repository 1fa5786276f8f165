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
    description: `Deletes a property and its listings. When applications were made to any of its listings nothing is deleted: 409 \`in_use\` naming those listings.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Properties', form === 'v2' ? 'deletePropertyV2' : 'deleteProperty'),
  });
