import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { userBodySchema, userWriteResponseSchema } from '../schemas/user.js';

export const createUser = c.mutation({
  method: 'POST',
  path: '/api/v1/users/',
  headers: writeHeaders,
  body: userBodySchema,
  responses: { 201: userWriteResponseSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Create a user',
  description: `Creates a user who can own applications. The email must not be another of your users' (compared case-insensitively; a taken one answers 409 \`conflict\`); other partners' users do not count. The user is emailed a link to set their password (valid 24 hours, once; \`POST /api/v1/users/{user_id}/password-link/\` sends another). ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Users', 'createUser'),
});
