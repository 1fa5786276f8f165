import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createApiKeyBodySchema, issuedApiKeySchema } from '../schemas/api-key.js';
import { API_KEY_ACCESS_NOTE } from './retrieve.js';

export const createApiKey = c.mutation({
  method: 'POST',
  path: '/api/v1/api-keys/',
  headers: writeHeaders,
  body: createApiKeyBodySchema,
  responses: { 201: issuedApiKeySchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Issue an API key',
  description: `Issues a key for a user, answering its secret this once (svc keeps only a hash). Only a partner admin issues \`live\` keys for other users; a user that is inactive gets none (409 \`conflict\`). A credential issues no key stronger than itself: a session, an OAuth2 token or a key that expires issues keys whose \`expires\` is no later than its own end, a read-only key none that writes (403 \`forbidden\`); a partner-admin API key issues any. Every key operation is written to the audit log. ${API_KEY_ACCESS_NOTE}`,
  metadata: metadata('API keys', 'createApiKey'),
});
