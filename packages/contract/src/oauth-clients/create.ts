import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createdOAuthClientSchema, oauthClientBodySchema } from '../schemas/oauth-client.js';

export const OAUTH_CLIENTS_NOTE = ADMIN_VERSION_NOTE;

export const createOAuthClient = c.mutation({
  method: 'POST',
  path: '/api/v1/oauth-clients/',
  headers: writeHeaders,
  body: oauthClientBodySchema,
  responses: { 201: createdOAuthClientSchema, ...problemResponses(400, 403) },
  summary: 'Create an OAuth2 client',
  description: `Creates an OAuth2 client (client credentials grant, RFC 6749 section 4.4) acting for a user of your partner account, and answers its \`client_id\` and \`client_secret\` (shown once: only a hash is kept). The client gets short-lived bearer tokens at \`POST /oauth/token\` with the user's rights in the live environment. A client issues tokens without end, so only a partner-admin API key creates one (a session or OAuth2 token gets 403 \`forbidden\`). ${OAUTH_CLIENTS_NOTE}`,
  metadata: metadata('OAuth2 clients', 'createOAuthClient'),
});
