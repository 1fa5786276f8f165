import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { teamListItemSchema } from '../schemas/team.js';

export const listTeams = c.query({
  method: 'GET',
  path: '/api/v1/teams/',
  query: z.object({ ...pageQueryShape, superteam: uuid().optional().describe('Only the teams of this superteam.') }),
  responses: { 200: paginated(teamListItemSchema, 'teams'), ...problemResponses(400, 403, 404) },
  summary: 'List teams',
  description: `The teams of your partner account, oldest first, optionally of one superteam. List items leave out \`type\`. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Teams', 'listTeams'),
});
