import { z } from 'zod';
import { dateTime, text, uuid } from '../common/primitives.js';

export const oauthClientBodySchema = z
  .object({
    user: uuid().describe('The user of your partner account the client acts for: its tokens have this user’s rights.'),
    name: text(100).describe('What the client is, for you (an integration’s name).'),
  })
  .strict()
  .describe('An OAuth2 client to create.');
export type OAuthClientBody = z.infer<typeof oauthClientBodySchema>;

export const oauthClientSchema = z
  .object({
    id: uuid().describe('Identifier of the client.'),
    client_id: uuid().describe('The `client_id` to send to `POST /oauth/token` (the same as `id`).'),
    user: uuid().describe('The user the client acts for.'),
    name: z.string().describe('What the client is.'),
    created: dateTime().describe('When it was created.'),
    revoked: dateTime().nullable().describe('When it was revoked (its tokens stopped working), or null.'),
  })
  .describe('An OAuth2 client (client credentials grant). Its secret is shown only when it is created.');

export const createdOAuthClientSchema = oauthClientSchema
  .extend({
    client_secret: z
      .string()
      .describe('The client secret (`svc_secret_…`), shown only in this answer: keep it where you keep passwords.'),
  })
  .describe('The new client, with its secret.');
