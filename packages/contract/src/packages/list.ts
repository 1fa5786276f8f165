import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { packageSchema } from '../schemas/package.js';

export const listPackages = c.query({
  method: 'GET',
  path: '/api/v1/packages/',
  query: z.object({
    ...pageQueryShape,
    superteam: uuid().optional().describe('Only packages of teams of this superteam.'),
    team: uuid().optional().describe('Only packages of this team.'),
  }),
  responses: { 200: paginated(packageSchema, 'packages'), ...problemResponses(400, 404) },
  summary: 'List packages',
  description:
    'Packages you can order with, oldest first: a team key sees its team’s packages, a partner-admin key every package of the partner. Available to all partners.',
  metadata: metadata('Packages', 'listPackages'),
});
