import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { sessionSchema } from '../schemas/session.js';
import { SESSION_NOTE } from './authenticate.js';

export const listSessions = c.query({
  method: 'GET',
  path: '/api/v1/authenticate/',
  responses: { 200: z.array(sessionSchema).describe('The sessions, oldest first.'), ...problemResponses(403) },
  summary: 'List your sessions',
  description: `The sessions of the authenticated user that still work, with HTTP Basic (email and password) or a session token. ${SESSION_NOTE}`,
  metadata: metadata('Sessions', 'listSessions'),
});
