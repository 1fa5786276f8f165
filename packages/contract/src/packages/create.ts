import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createPackageBodySchema, createPackageResponseSchema } from '../schemas/package.js';

export const createPackage = c.mutation({
  method: 'POST',
  path: '/api/v1/packages/',
  headers: writeHeaders,
  body: createPackageBodySchema,
  responses: { 201: createPackageResponseSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Create a package',
  description:
    "Creates a named set of request flags and settings. `team` defaults to the API key user's team. Unknown request flags are refused.",
  metadata: metadata('Packages', 'createPackage'),
});
