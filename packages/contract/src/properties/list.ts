import { z } from 'zod';
import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { propertySchema } from '../schemas/property.js';

export const listProperties = <F extends PmForm>(form: F) =>
  c.query({
    method: 'GET',
    path: (form === 'v2' ? '/api/v2/properties/' : '/api/v1/pm/properties/') as F extends 'v2'
      ? '/api/v2/properties/'
      : '/api/v1/pm/properties/',
    query: z.object(pageQueryShape),
    responses: { 200: paginated(propertySchema, 'properties'), ...problemResponses(400, 404) },
    summary: 'List properties',
    description: `Every property of the key's PM teams, oldest first.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('Properties', form === 'v2' ? 'listPropertiesV2' : 'listProperties'),
  });
