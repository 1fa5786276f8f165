import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { prepared } from '../common/lenient.js';
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
    is_active: prepared(
      (input) => (typeof input === 'string' ? input.trim().toLowerCase() : input),
      z.enum(['true', 'false', '1', '0']),
    )
      .transform((value) => value === 'true' || value === '1')
      .optional()
      .describe(
        'Only active (`true`) or inactive (`false`) users; any letter case (`True`, as Python writes it), and `1` or `0`, are accepted too.',
      ),
  }),
  responses: { 200: paginated(userListItemSchema, 'users'), ...problemResponses(400, 403, 404) },
  summary: 'List users',
  description: `The users of your partner account, oldest first, optionally filtered. List items hold \`id\`, \`first_name\`, \`last_name\`, \`is_active\`, \`superteam\` and \`team\` only. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Users', 'listUsers'),
});
