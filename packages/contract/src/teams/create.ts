import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createTeamBodySchema, teamSchema } from '../schemas/team.js';

export const createTeam = c.mutation({
  method: 'POST',
  path: '/api/v1/teams/',
  headers: writeHeaders,
  body: createTeamBodySchema,
  responses: { 201: teamSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Create a team',
  description: `Creates an HR or PM team under one of your superteams. Its name is unique. It starts with the default set of checks enabled (see the check catalogue) and default reference templates. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Teams', 'createTeam'),
});
