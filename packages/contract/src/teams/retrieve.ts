import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { teamSchema } from '../schemas/team.js';

export const teamIdParams = z.object({ team_id: z.string().describe('Identifier of the team.') });

export const retrieveTeam = c.query({
  method: 'GET',
  path: '/api/v1/teams/:team_id/',
  pathParams: teamIdParams,
  responses: { 200: teamSchema, ...problemResponses(403, 404) },
  summary: 'Retrieve a team',
  description: `One team of your partner account. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Teams', 'retrieveTeam'),
});
