import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { replaceTeamBodySchema, teamSchema } from '../schemas/team.js';
import { teamIdParams } from './retrieve.js';

export const replaceTeam = c.mutation({
  method: 'PUT',
  path: '/api/v1/teams/:team_id/',
  pathParams: teamIdParams,
  headers: writeHeaders,
  body: replaceTeamBodySchema,
  responses: { 200: teamSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Replace a team',
  description: `Replaces the whole team: every field is sent. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Teams', 'replaceTeam'),
});
