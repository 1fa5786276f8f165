import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { userBodySchema, userWriteResponseSchema } from '../schemas/user.js';
import { userIdParams } from './retrieve.js';

export const updateUser = c.mutation({
  method: 'PUT',
  path: '/api/v1/users/:user_id/',
  pathParams: userIdParams,
  headers: writeHeaders,
  body: userBodySchema,
  responses: { 200: userWriteResponseSchema, ...problemResponses(400, 403, 404, 409) },
  summary: 'Update a user',
  description: `Replaces the user's fields; a user set inactive can no longer order. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Users', 'updateUser'),
});
