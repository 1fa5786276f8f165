import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { superteamListItemSchema } from '../schemas/superteam.js';

export const listSuperteams = c.query({
  method: 'GET',
  path: '/api/v1/superteams/',
  query: z.object(pageQueryShape),
  responses: { 200: paginated(superteamListItemSchema, 'superteams'), ...problemResponses(400, 403, 404) },
  summary: 'List superteams',
  description: `The superteams of your partner account, oldest first. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Superteams', 'listSuperteams'),
});
