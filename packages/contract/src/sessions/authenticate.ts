import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { authenticateBodySchema, sessionTokenSchema } from '../schemas/session.js';

export const SESSION_NOTE =
  'Sessions are for integrations written for the original service; new integrations use an API key or OAuth2 client credentials (see the Authentication guide).';

export const authenticate = c.mutation({
  method: 'POST',
  path: '/api/v1/authenticate/',
  body: authenticateBodySchema.optional(),
  responses: { 200: sessionTokenSchema, ...problemResponses(400, 403) },
  summary: 'Log in: start a session',
  description: `Authenticate with HTTP Basic (\`Authorization: Basic base64(email:password)\`) to start a session of that user in the live environment. The token works as \`Authorization: Token <token>\` or \`Bearer <token>\` with the user's rights until it expires or the user logs out, and is shown once. A wrong email or password answers 401; repeated failures for one account or from one address answer 429 \`rate_limited\` with \`Retry-After\`. ${SESSION_NOTE}`,
  metadata: metadata('Sessions', 'authenticate'),
});
