import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { apiKeySchema } from '../schemas/api-key.js';
import { API_KEY_ACCESS_NOTE } from './retrieve.js';

export const listApiKeys = c.query({
  method: 'GET',
  path: '/api/v1/api-keys/',
  query: z.object({ ...pageQueryShape, user_id: uuid().optional().describe('Only the keys of this user.') }),
  responses: { 200: paginated(apiKeySchema, 'API keys'), ...problemResponses(400, 404) },
  summary: 'List API keys',
  description: `The API keys you may manage, revoked and expired ones included, oldest first, without their secrets. ${API_KEY_ACCESS_NOTE}`,
  metadata: metadata('API keys', 'listApiKeys'),
});
