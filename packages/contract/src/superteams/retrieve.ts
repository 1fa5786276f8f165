import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { superteamSchema } from '../schemas/superteam.js';

export const superteamIdParams = z.object({ superteam_id: z.string().describe('Identifier of the superteam.') });

export const retrieveSuperteam = c.query({
  method: 'GET',
  path: '/api/v1/superteams/:superteam_id/',
  pathParams: superteamIdParams,
  responses: { 200: superteamSchema, ...problemResponses(403, 404) },
  summary: 'Retrieve a superteam',
  description: `One superteam of your partner account. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Superteams', 'retrieveSuperteam'),
});
