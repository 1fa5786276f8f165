import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { apiKeySchema } from '../schemas/api-key.js';

export const API_KEY_ACCESS_NOTE =
  'A partner-admin key manages every key of its partner, a team user’s key only its own user’s keys. A demo key may read keys but not issue, rotate or revoke them (403 `forbidden_in_demo`).';

export const apiKeyIdParams = z.object({ api_key_id: z.string().describe('Identifier of the API key.') });

export const retrieveApiKey = c.query({
  method: 'GET',
  path: '/api/v1/api-keys/:api_key_id/',
  pathParams: apiKeyIdParams,
  responses: { 200: apiKeySchema, ...problemResponses(404) },
  summary: 'Retrieve an API key',
  description: `One API key, without its secret. ${API_KEY_ACCESS_NOTE}`,
  metadata: metadata('API keys', 'retrieveApiKey'),
});
