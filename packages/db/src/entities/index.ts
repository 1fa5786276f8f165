import 'reflect-metadata';
import { ApiKey } from './api-key.js';
import { Partner } from './partner.js';
import { Superteam } from './superteam.js';
import { Team } from './team.js';
import { User } from './user.js';

export { ApiKey, Partner, Superteam, Team, User };
export { ENVIRONMENTS, TEAM_TYPES, USER_LANGUAGES } from './environment.js';
export type { Environment, TeamType, UserLanguage } from './environment.js';
export { Uuidv7Record } from './uuidv7-record.js';

/** Every entity, listed explicitly (no globs: they break under bundling and in ESM). */
export const entities = [Partner, Superteam, Team, User, ApiKey];
