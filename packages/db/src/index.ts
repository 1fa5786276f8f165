export {
  createDatabase,
  type Database,
  type DatabaseConfig,
  type PgliteDatabaseConfig,
  type PostgresDatabaseConfig,
} from './data-source.js';
export { managerOf, type DbHandle } from './db-handle.js';
export type {
  ApiKeyScope,
  StoredConsumerReportingAgency,
  Environment,
  TeamType,
  UserLanguage,
} from './entities/index.js';
export { isUuidv7, uuidv7 } from './ids.js';
export {
  createJobQueue,
  type JobQueue,
  enqueueManyInTransaction,
  type QueueDefinition,
  type JobQueueOptions,
  type OpenTransaction,
} from './jobs.js';
export { pendingMigrations, runMigrations } from './migrate.js';
export { migrations } from './migrations/index.js';
export { followPartnerChanges, type PartnerChangeHandlers } from './partner-changes.js';
export { APPLICANT_CHANGES_KEPT_DAYS, pruneExpiredRows } from './retention.js';
export { compactApplicantChanges } from './applicant-changes-compaction.js';
export type * from './repositories/database-errors.js';
export { constraintOf, isDatabaseUnavailable, sqlStateOf } from './repositories/database-errors.js';
export type * from './repositories/api-keys.js';
export {
  apiKeyIdOf,
  findApiKey,
  findApiKeyForOperator,
  findPrincipalByApiKey,
  issueApiKey,
  listApiKeys,
  lockApiKey,
  recordApiKeyUse,
  revokeApiKey,
  revokeApiKeysOfUser,
  setApiKeyExpiry,
} from './repositories/api-keys.js';
export type * from './repositories/rate-limits.js';
export { takeFromBucket } from './repositories/rate-limits.js';
export { sharedRateLimiter } from './repositories/shared-limits.js';
export type * from './repositories/idempotency.js';
export {
  IDEMPOTENCY_TTL_MS,
  claimIdempotencyKey,
  deleteStoredResponsesNaming,
  releaseIdempotencyKey,
  storeIdempotentResponse,
} from './repositories/idempotency.js';
export type * from './repositories/audit-log.js';
export { recordAudit, recordAudits } from './repositories/audit-log.js';
export type * from './repositories/partners.js';
export { findPartnerAgency, setPartnerAgency } from './repositories/partners.js';
export type {
  PropertyStatus,
  ReferenceQuestion,
  ReferenceQuestionType,
  ReferenceTemplateType,
} from './entities/index.js';
export * from './repositories/index.js';
export { databaseConfigOf } from './database-settings.js';
export { DatabaseUnreachableError } from './database-unreachable.js';
export { EVENTS, eventRecordOf, newEvent, recordEvent, type NewEvent } from './events/record.js';
export type { ApplicantStatus, CheckExecutionStatus, OrderStatus, ReportStatus } from './entities/index.js';
export type { OutboxChannel, OutboxDelivery, OutboxStatus } from './entities/outbox-message.js';
export { databaseReadiness, jobQueueBacklog, type QueueBacklog, type Readiness } from './operations.js';
export type * from './webhooks/endpoints.js';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookAttempts,
  listWebhookEndpoints,
  replaceWebhookEndpoint,
  rotateWebhookSecret,
} from './webhooks/endpoints.js';
export type { WebhookDisabledReason } from './entities/webhook-endpoint.js';
export type * from './repositories/passwords.js';
export { MAX_PASSWORD_BYTES, verifyPassword } from './repositories/passwords.js';
export type * from './repositories/logins.js';
export {
  OAUTH_TOKEN_PREFIX,
  PASSWORD_LINK_HOURS,
  SESSION_TOKEN_PREFIX,
  endSession,
  endUserSessions,
  findLoginCandidates,
  findPasswordLinkUser,
  findPrincipalByAccessToken,
  findPrincipalOfUser,
  generateAccessToken,
  hashSecret,
  issueAccessToken,
  issuePasswordLink,
  listUserSessions,
  setUserPassword,
  usePasswordLink,
} from './repositories/logins.js';
export type * from './repositories/oauth-clients.js';
export {
  authenticateOAuthClient,
  createOAuthClient,
  findOAuthClient,
  listOAuthClients,
  revokeOAuthClient,
} from './repositories/oauth-clients.js';
export { storedLegalDocumentPdf, storeLegalDocumentPdf } from './legal-documents.js';
// The SQL building blocks the services' hand-written statements are made of.
export { inTransaction, toCount, UNIQUE_VIOLATION } from './repositories/common.js';
export { queryRows, type Statement } from './repositories/query-rows.js';
export {
  entityOfRow,
  insertRows,
  rowsToInsert,
  type ColumnProperty,
  type RowsToInsert,
  type TableRows,
} from './repositories/table-rows.js';
export { SUPERTEAMS, TEAMS, USERS } from './repositories/account-rows.js';
export {
  LISTINGS,
  listingApplicantsOf,
  listingApplicantsSql,
  PROPERTIES,
  propertyListingsOf,
  propertyListingsSql,
} from './repositories/listing-rows.js';
export { pooledRandomBytes } from './ids.js';
export type { ReportPageSize } from './entities/index.js';
export type { OutboxPurpose } from './entities/outbox-message.js';
export * from './watchlists/index.js';
