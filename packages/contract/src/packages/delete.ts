import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { packageIdParams } from './retrieve.js';

export const deletePackage = c.mutation({
  method: 'DELETE',
  path: '/api/v1/packages/:package_id/',
  pathParams: packageIdParams,
  body: c.noBody(),
  responses: { 204: c.noBody(), ...problemResponses(403, 404, 409) },
  summary: 'Delete a package',
  description: 'Deletes the package. Applications ordered with it keep their checks. Answers 204 with no body.',
  metadata: metadata('Packages', 'deletePackage'),
});
