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

// Catalogue and properties (migration 1795318185700), appended to `entities` (typed by its first members).
import { Listing } from './listing.js';
import { ListingNotificationUser } from './listing-notification-user.js';
import { Package } from './package.js';
import { Property } from './property.js';
import { ReferenceTemplate } from './reference-template.js';

export { Listing, ListingNotificationUser, Package, Property, ReferenceTemplate };
export { PROPERTY_STATUSES, type PropertyStatus } from './property.js';
export {
  REFERENCE_QUESTION_TYPES,
  REFERENCE_TEMPLATE_TYPES,
  type ReferenceQuestion,
  type ReferenceQuestionType,
  type ReferenceTemplateType,
} from './reference-template.js';
(entities as unknown as Array<abstract new () => object>).push(Package, ReferenceTemplate, Property, Listing, ListingNotificationUser);
