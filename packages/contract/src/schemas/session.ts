import { z } from 'zod';
import { dateTime, uuid } from '../common/primitives.js';

export const authenticateBodySchema = z
  .object({
    expires: dateTime()
      .nullable()
      .optional()
      .describe(
        'When the session ends, in the future and at most 30 days away; null or absent: the default (10 hours unless the operator set another).',
      ),
  })
  .strict()
  .describe('Optional settings of the new session.');
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

export const sessionTokenSchema = z
  .object({
    token: z
      .string()
      .describe(
        'The session token (`svc_session_…`), shown once: send it as `Authorization: Token <token>` or `Bearer <token>`.',
      ),
    user_id: uuid().describe('The user the session acts for.'),
    expiry: dateTime().describe('When the session ends.'),
  })
  .describe('A new session.');

export const sessionSchema = z
  .object({
    created: dateTime().describe('When the session started.'),
    expires: dateTime().describe('When it ends.'),
    token_key: z
      .string()
      .describe('The first characters of its token after `svc_session_`: not a secret, enough to tell sessions apart.'),
  })
  .describe('A session of the user that still works.');
