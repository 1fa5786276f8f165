import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { SESSION_NOTE } from './authenticate.js';

export const logout = c.mutation({
  method: 'POST',
  path: '/api/v1/logout/',
  body: c.noBody(),
  responses: { 204: c.noBody(), ...problemResponses(403) },
  summary: 'Log out: end this session',
  description: `Ends the session whose token authenticates the request: the token answers 401 from then on (on every API process within 5 seconds). Any other credential answers 403 \`forbidden\`. Answers 204 with no body. ${SESSION_NOTE}`,
  metadata: metadata('Sessions', 'logout'),
});

export const logoutAll = c.mutation({
  method: 'POST',
  path: '/api/v1/logoutall/',
  body: c.noBody(),
  responses: { 204: c.noBody(), ...problemResponses(403) },
  summary: 'Log out everywhere: end every session',
  description: `Ends every session of the authenticated user (a session token, or the user's API key or OAuth2 token). API keys and OAuth2 clients are not affected. Answers 204 with no body. ${SESSION_NOTE}`,
  metadata: metadata('Sessions', 'logoutAll'),
});
