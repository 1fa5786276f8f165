export {
  createDatabase,
  type Database,
  type DatabaseConfig,
  type PgliteDatabaseConfig,
  type PostgresDatabaseConfig,
} from './data-source.js';
export * from './adverse-actions/index.js';
export {
  AdverseAction,
  AdverseActionNotice,
  API_KEY_SCOPES,
  ApiKey,
  type ApiKeyScope,
  entities,
  ENVIRONMENTS,
  Partner,
  Superteam,
  Team,
  TEAM_TYPES,
  User,
  USER_LANGUAGES,
  Uuidv7Record,
  type Environment,
  type TeamType,
  type UserLanguage,
} from './entities/index.js';
export { isUuidv7, timestampOfUuidv7, uuidv7 } from './ids.js';
export {
  createJobQueue,
  type JobQueue,
  enqueueInTransaction,
  enqueueManyInTransaction,
  JOB_SCHEMA,
  type QueueDefinition,
  type JobQueueOptions,
  type OpenTransaction,
} from './jobs.js';
export { pendingMigrations, revertAllMigrations, runMigrations } from './migrate.js';
export { migrations } from './migrations/index.js';
export { followPartnerChanges, type PartnerChangeHandlers } from './partner-changes.js';
export { PRUNE_BATCH_SIZE, pruneExpiredRows } from './retention.js';
export { PgliteAcquireTimeoutError, PgliteGatewayClosedError, PgliteNestedConnectionError } from './pglite/gateway.js';
export { warmPgliteInitdbCache } from './pglite/open.js';
export * from './repositories/database-errors.js';
export * from './repositories/api-keys.js';
export * from './repositories/rate-limits.js';
export * from './repositories/idempotency.js';
export * from './repositories/audit-log.js';
export * from './repositories/bootstrap.js';
export {
  Listing,
  ListingNotificationUser,
  Package,
  Property,
  PROPERTY_STATUSES,
  REFERENCE_QUESTION_TYPES,
  REFERENCE_TEMPLATE_TYPES,
  ReferenceTemplate,
  type PropertyStatus,
  type ReferenceQuestion,
  type ReferenceQuestionType,
  type ReferenceTemplateType,
} from './entities/index.js';
export * from './repositories/index.js';
export * from './crypto/field-encryption.js';
export {
  isProviderMessageSigned,
  PROVIDER_SIGNATURE_TOLERANCE_SECONDS,
  signProviderMessage,
} from './crypto/provider-signature.js';
export {
  encryptionKeySetting,
  providerRoutingOf,
  providersSetting,
  switchSetting,
  type HttpProviderSetting,
  type ProvidersSetting,
} from './config-settings.js';
export { openValue, sealValue, SEALED_COLUMNS } from './crypto/sealed-columns.js';
export * from './applications/index.js';
export * from './messages/outbox.js';
export { EVENTS, eventRecordOf, newEvent, recordEvent, type NewEvent } from './events/record.js';
export { Applicant, Application, CheckExecution, Event, OutboxMessage, ServiceCollection } from './entities/index.js';
export type { ApplicantStatus, CheckExecutionStatus, OrderStatus, ReportStatus } from './entities/index.js';
export type { OutboxChannel, OutboxDelivery, OutboxStatus } from './entities/outbox-message.js';
export { databaseReadiness, jobQueueBacklog, type QueueBacklog, type Readiness } from './operations.js';
export * from './webhooks/endpoints.js';
export * from './webhooks/deliveries.js';
export { WebhookAttempt, WebhookEndpoint } from './entities/index.js';
export type { WebhookDisabledReason } from './entities/webhook-endpoint.js';
export * from './repositories/passwords.js';
export * from './repositories/logins.js';
export * from './repositories/oauth-clients.js';
export {
  LEGAL_DOCUMENT_RENDER_QUEUE,
  legalDocumentRenderPayloadSchema,
  requestLegalDocumentRender,
  storedLegalDocumentPdf,
  storeLegalDocumentPdf,
  type LegalDocumentRenderPayload,
} from './legal-documents.js';
