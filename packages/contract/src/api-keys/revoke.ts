import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { API_KEY_ACCESS_NOTE, apiKeyIdParams } from './retrieve.js';

export const revokeApiKey = c.mutation({
  method: 'DELETE',
  path: '/api/v1/api-keys/:api_key_id/',
  pathParams: apiKeyIdParams,
  body: c.noBody(),
  responses: { 204: c.noBody(), ...problemResponses(403, 404) },
  summary: 'Revoke an API key',
  description: `Revokes the key at once: every API process refuses it (401) within 5 seconds. Revoking a revoked key changes nothing. Answers 204 with no body. ${API_KEY_ACCESS_NOTE}`,
  metadata: metadata('API keys', 'revokeApiKey'),
});
