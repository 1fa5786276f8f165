import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { userListItemSchema } from '../schemas/user.js';

export const listUsers = c.query({
  method: 'GET',
  path: '/api/v1/users/',
  query: z.object({
    ...pageQueryShape,
    superteam: uuid().optional().describe('Only users of teams of this superteam.'),
    team: uuid().optional().describe('Only users of this team.'),
    is_active: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional()
      .describe('Only active (`true`) or inactive (`false`) users.'),
  }),
  responses: { 200: paginated(userListItemSchema, 'users'), ...problemResponses(400, 403, 404) },
  summary: 'List users',
  description: `The users of your partner account, oldest first, optionally filtered. List items hold \`id\`, \`first_name\`, \`last_name\`, \`is_active\`, \`superteam\` and \`team\` only. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Users', 'listUsers'),
});
