import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createPropertyBodySchema, propertySchema } from '../schemas/property.js';

export const createProperty = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: (form === 'v2' ? '/api/v2/properties/' : '/api/v1/pm/properties/') as F extends 'v2'
      ? '/api/v2/properties/'
      : '/api/v1/pm/properties/',
    headers: writeHeaders,
    body: createPropertyBodySchema,
    responses: { 201: propertySchema, ...problemResponses(400, 403, 409) },
    summary: 'Create a property',
    description: `Creates a rental property assigned to \`owner_id\` (a user of a PM team). \`county\` is required for US addresses. Answers with the full property record.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Properties', form === 'v2' ? 'createPropertyV2' : 'createProperty'),
  });
