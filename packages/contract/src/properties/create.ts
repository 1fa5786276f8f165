import { c, metadata, PM_DEPRECATION, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createPropertyBodySchema, propertySchema } from '../schemas/property.js';

export const createProperty = c.mutation({
  method: 'POST',
  path: '/api/v1/pm/properties',
  headers: writeHeaders,
  body: createPropertyBodySchema,
  responses: { 201: propertySchema, ...problemResponses(400, 403, 409) },
  summary: 'Create a property',
  description: `Creates a rental property assigned to \`owner_id\` (a user of a PM team). \`county\` is required for US addresses. Answers with the full property record.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('Properties', 'createProperty'),
});
