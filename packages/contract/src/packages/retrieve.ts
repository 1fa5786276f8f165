import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { packageSchema } from '../schemas/package.js';

export const packageIdParams = z.object({ package_id: z.string().describe('Identifier of the package (a UUID).') });

export const retrievePackage = c.query({
  method: 'GET',
  path: '/api/v1/packages/:package_id/',
  pathParams: packageIdParams,
  responses: { 200: packageSchema, ...problemResponses(404) },
  summary: 'Retrieve a package',
  description: 'One package: send its `request_flags` as `true` to invite or quick-screen with it.',
  metadata: metadata('Packages', 'retrievePackage'),
});
