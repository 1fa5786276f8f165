import { c, metadata } from '../common/contract.js';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { problemResponses } from '../common/problem.js';
import { userIdParams } from './retrieve.js';

export const sendPasswordLink = c.mutation({
  method: 'POST',
  path: '/api/v1/users/:user_id/password-link/',
  pathParams: userIdParams,
  body: c.noBody(),
  responses: { 202: c.noBody(), ...problemResponses(403, 404, 409) },
  summary: 'Email a user a set-password link',
  description: `Emails the user a one-time link to set their password (valid 24 hours, once; an earlier link still works until used or expired). Creating a user sends one too. An inactive user cannot log in: 409 \`conflict\`. ${ADMIN_VERSION_NOTE} Answers 202 with no body: the email is queued.`,
  metadata: metadata('Users', 'sendPasswordLink'),
});
