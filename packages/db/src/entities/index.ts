import 'reflect-metadata';
import { API_KEY_SCOPES, ApiKey, type ApiKeyScope } from './api-key.js';
import { AdverseAction, AdverseActionNotice } from './adverse-action.js';
import { Applicant } from './applicant.js';
import { ApplicantDocument } from './applicant-document.js';
import { Application } from './application.js';
import { CheckExecution } from './check-execution.js';
import { Event } from './event.js';
import { OutboxMessage } from './outbox-message.js';
import { ServiceCollection } from './service-collection.js';
import { Listing } from './listing.js';
import { ListingNotificationUser } from './listing-notification-user.js';
import { Package } from './package.js';
import { Partner } from './partner.js';
import { Property } from './property.js';
import { ReferenceTemplate } from './reference-template.js';
import { Report } from './report.js';
import { Superteam } from './superteam.js';
import { Team } from './team.js';
import { User } from './user.js';
import { WebhookAttempt } from './webhook-attempt.js';
import { WebhookEndpoint } from './webhook-endpoint.js';

export {
  AdverseAction,
  AdverseActionNotice,
  API_KEY_SCOPES,
  ApiKey,
  type ApiKeyScope,
  Applicant,
  ApplicantDocument,
  Application,
  CheckExecution,
  Event,
  OutboxMessage,
  ServiceCollection,
  Listing,
  ListingNotificationUser,
  Package,
  Partner,
  Property,
  ReferenceTemplate,
  Report,
  Superteam,
  Team,
  User,
  WebhookAttempt,
  WebhookEndpoint,
};
export type { StoredConsumerReportingAgency } from './partner.js';
export type { ReportPageSize } from './report.js';
export { ENVIRONMENTS, TEAM_TYPES, USER_LANGUAGES } from './environment.js';
export type { Environment, TeamType, UserLanguage } from './environment.js';
export { PROPERTY_STATUSES, type PropertyStatus } from './property.js';
export {
  REFERENCE_QUESTION_TYPES,
  REFERENCE_TEMPLATE_TYPES,
  type ReferenceQuestion,
  type ReferenceQuestionType,
  type ReferenceTemplateType,
} from './reference-template.js';
export { Uuidv7Record } from './uuidv7-record.js';
export type { ApplicantStatus, OrderStatus, ReportStatus } from './applicant.js';
export type { CheckExecutionStatus } from './check-execution.js';

/** Every entity, listed explicitly (no globs: they break under bundling and in ESM). */
export const entities: Array<new () => object> = [
  ApplicantDocument,
  AdverseAction,
  AdverseActionNotice,
  Partner,
  Superteam,
  Team,
  User,
  ApiKey,
  Package,
  ReferenceTemplate,
  Property,
  Listing,
  ListingNotificationUser,
  Application,
  Applicant,
  CheckExecution,
  ServiceCollection,
  OutboxMessage,
  Report,
  Event,
  WebhookEndpoint,
  WebhookAttempt,
];
