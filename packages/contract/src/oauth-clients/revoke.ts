import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { OAUTH_CLIENTS_NOTE } from './create.js';
import { oauthClientIdParams } from './retrieve.js';

export const revokeOAuthClient = c.mutation({
  method: 'DELETE',
  path: '/api/v1/oauth-clients/:client_id/',
  pathParams: oauthClientIdParams,
  body: c.noBody(),
  responses: { 204: c.noBody(), ...problemResponses(403, 404) },
  summary: 'Revoke an OAuth2 client',
  description: `Revokes the client: it gets no more tokens, and the tokens it has answer 401 on every API process within 5 seconds. The client stays in the list, with \`revoked\` set. Revoking it again changes nothing. Answers 204 with no body. ${OAUTH_CLIENTS_NOTE}`,
  metadata: metadata('OAuth2 clients', 'revokeOAuthClient'),
});
