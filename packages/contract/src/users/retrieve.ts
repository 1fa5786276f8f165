import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { userSchema } from '../schemas/user.js';

export const userIdParams = z.object({ user_id: z.string().describe('Identifier of the user (a UUID).') });

export const retrieveUser = c.query({
  method: 'GET',
  path: '/api/v1/users/:user_id/',
  pathParams: userIdParams,
  responses: { 200: userSchema, ...problemResponses(403, 404) },
  summary: 'Retrieve a user',
  description: `One user of your partner account. ${ADMIN_VERSION_NOTE}`,
  metadata: metadata('Users', 'retrieveUser'),
});
