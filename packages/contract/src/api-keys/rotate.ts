import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { rotateApiKeyBodySchema, rotatedApiKeySchema } from '../schemas/api-key.js';
import { API_KEY_ACCESS_NOTE, apiKeyIdParams } from './retrieve.js';

export const rotateApiKey = c.mutation({
  method: 'POST',
  path: '/api/v1/api-keys/:api_key_id/rotate/',
  pathParams: apiKeyIdParams,
  headers: writeHeaders,
  body: rotateApiKeyBodySchema.optional(),
  responses: { 201: rotatedApiKeySchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Rotate an API key',
  description: `Issues a successor of the key (same user, environment, scope, name and expiry), answering its secret this once, and keeps the old key working for \`overlap_seconds\` (default one day; 0 ends it at once; the body may be left out), so clients move to the new key without downtime. A revoked or expired key cannot be rotated (409 \`conflict\`); a session or OAuth2 token cannot rotate a key that outlives it (403 \`forbidden\`). ${API_KEY_ACCESS_NOTE}`,
  metadata: metadata('API keys', 'rotateApiKey'),
});
