import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { oauthClientSchema } from '../schemas/oauth-client.js';
import { OAUTH_CLIENTS_NOTE } from './create.js';

export const listOAuthClients = c.query({
  method: 'GET',
  path: '/api/v1/oauth-clients/',
  query: z.object({ ...pageQueryShape }),
  responses: { 200: paginated(oauthClientSchema, 'OAuth2 clients'), ...problemResponses(400, 403, 404) },
  summary: 'List OAuth2 clients',
  description: `The OAuth2 clients of your partner account, revoked ones included, oldest first. Secrets are never shown again. ${OAUTH_CLIENTS_NOTE}`,
  metadata: metadata('OAuth2 clients', 'listOAuthClients'),
});
