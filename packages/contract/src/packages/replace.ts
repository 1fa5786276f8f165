import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { packageSchema, replacePackageBodySchema } from '../schemas/package.js';
import { packageIdParams } from './retrieve.js';

export const replacePackage = c.mutation({
  method: 'PUT',
  path: '/api/v1/packages/:package_id/',
  pathParams: packageIdParams,
  headers: writeHeaders,
  body: replacePackageBodySchema,
  responses: { 200: packageSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Replace a package',
  description: 'Replaces the whole package: every field is sent.',
  metadata: metadata('Packages', 'replacePackage'),
});
