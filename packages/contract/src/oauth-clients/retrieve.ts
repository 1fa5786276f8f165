import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { oauthClientSchema } from '../schemas/oauth-client.js';
import { OAUTH_CLIENTS_NOTE } from './create.js';

export const oauthClientIdParams = z.object({
  client_id: z.string().describe('Identifier of the OAuth2 client (its `id`, a UUID).'),
});

export const retrieveOAuthClient = c.query({
  method: 'GET',
  path: '/api/v1/oauth-clients/:client_id/',
  pathParams: oauthClientIdParams,
  responses: { 200: oauthClientSchema, ...problemResponses(403, 404) },
  summary: 'Retrieve an OAuth2 client',
  description: `One OAuth2 client of your partner account (without its secret). ${OAUTH_CLIENTS_NOTE}`,
  metadata: metadata('OAuth2 clients', 'retrieveOAuthClient'),
});
