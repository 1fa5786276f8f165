import { z } from 'zod';
import { language } from '../common/enums.js';
import { email, uuid } from '../common/primitives.js';

const userFields = {
  first_name: z.string().trim().min(1).max(100).describe('Given name.'),
  last_name: z.string().trim().min(1).max(100).describe('Family name.'),
  email: email().describe('Email address, unique within your partner account (case-insensitively).'),
  language: language.schema,
  is_active: z.boolean().describe('Whether the user may order and log in (default true).'),
  team: uuid().describe('Team of the user.'),
};

export const userSchema = z
  .object({
    id: uuid().describe('Identifier of the user.'),
    ...userFields,
    superteam: uuid().describe('Superteam of the user’s team.'),
  })
  .describe('A user: a person who orders checks.');
export type User = z.infer<typeof userSchema>;

export const userListItemSchema = userSchema
  .pick({ id: true, first_name: true, last_name: true, is_active: true, superteam: true, team: true })
  .describe('A user in a list.');

export const userBodySchema = z
  .object({ ...userFields, is_active: userFields.is_active.default(true) })
  .describe('A user to create, or the whole user replacing it.');
export type UserBody = z.infer<typeof userBodySchema>;

export const userWriteResponseSchema = userSchema.omit({ superteam: true }).describe('The user written.');
