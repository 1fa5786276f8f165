import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { createSuperteamBodySchema, createSuperteamResponseSchema } from '../schemas/superteam.js';

export const createSuperteam = c.mutation({
  method: 'POST',
  path: '/api/v1/superteams/',
  headers: writeHeaders,
  body: createSuperteamBodySchema,
  responses: { 201: createSuperteamResponseSchema, ...problemResponses(400, 403, 409) },
  summary: 'Create a superteam',
  description: `Creates a superteam, for instance to keep one reseller customer's checks apart from another's. \`country\` is one of CA, US, GB, AU; \`province_state\` \`OT\` needs \`other_province_state\`. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Superteams', 'createSuperteam'),
});
