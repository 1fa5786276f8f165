import { z } from 'zod';
import { c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { propertySchema } from '../schemas/property.js';

export const listProperties = c.query({
  method: 'GET',
  path: '/api/v1/pm/properties/',
  query: z.object(pageQueryShape),
  responses: { 200: paginated(propertySchema, 'properties'), ...problemResponses(400, 404) },
  summary: 'List properties',
  description: `Every property of the key's PM teams, oldest first.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('Properties', 'listProperties'),
});
