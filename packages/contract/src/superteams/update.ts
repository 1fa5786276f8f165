import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { updateSuperteamBodySchema, updateSuperteamResponseSchema } from '../schemas/superteam.js';

export const updateSuperteam = c.mutation({
  method: 'PUT',
  path: '/api/v1/superteams/:superteam_id/',
  pathParams: z.object({ superteam_id: z.string().describe('Identifier of the superteam (a UUID).') }),
  headers: writeHeaders,
  body: updateSuperteamBodySchema,
  responses: { 200: updateSuperteamResponseSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Update a superteam',
  description: `Replaces the superteam's fields. Answers with a one-element array describing the superteam as an account. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Superteams', 'updateSuperteam'),
});
