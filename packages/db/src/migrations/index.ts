import { CreateAccounts1795318185500 } from './1795318185500-create-accounts.js';
import { CreateRequestRecords1795318185600 } from './1795318185600-create-request-records.js';
import { CreateCatalogueAndProperties1795318185700 } from './1795318185700-create-catalogue-and-properties.js';
import { CreateApplications1795318185800 } from './1795318185800-create-applications.js';
import { AddOnboardingToken1795318185900 } from './1795318185900-add-onboarding-token.js';
import { CreateReports1795318186000 } from './1795318186000-create-reports.js';
import { UnloggedRateLimitCounters1795318186010 } from './1795318186010-unlogged-rate-limit-counters.js';
import { AddPortalAndDelivery1795318186100 } from './1795318186100-add-portal-and-delivery.js';
import { EncryptOutboxBodies1795318186101 } from './1795318186101-encrypt-outbox-bodies.js';
import { IdempotencyLeaseAndOrderKeys1795318189000 } from './1795318189000-idempotency-lease-and-order-keys.js';
import { TeamListIndexWithPartner1795318189100 } from './1795318189100-team-list-index-with-partner.js';
import { RecordChanges1795318189200 } from './1795318189200-record-changes.js';
import { SealPersonalData1795318189400 } from './1795318189400-seal-personal-data.js';
import { AddressRateLimits1795318189470 } from './1795318189470-address-rate-limits.js';
import { RecordChangesWrittenAt1795318189480 } from './1795318189480-record-changes-written-at.js';
import { UserEmailUniquePerPartner1795578239389 } from './1795578239389-user-email-unique-per-partner.js';
import { ApiKeyManagement1795716287446 } from './1795716287446-api-key-management.js';
import { CheckProviders1795716320306 } from './1795716320306-check-providers.js';
import { CreateEvents1795716332885 } from './1795716332885-create-events.js';
import { UserLogins1795716341226 } from './1795716341226-user-logins.js';
import { CheckExecutionRetries1795717251481 } from './1795717251481-check-execution-retries.js';
import { CreateWebhooks1795717492151 } from './1795717492151-create-webhooks.js';
import { CreateApplicantDocuments1795718799464 } from './1795718799464-create-applicant-documents.js';
import { TeamNotificationSettings1795719067626 } from './1795719067626-team-notification-settings.js';
import { CreateLegalDocuments1795727224921 } from './1795727224921-create-legal-documents.js';
import { ApplicantErasure1795727229880 } from './1795727229880-applicant-erasure.js';
import { CreateAdverseActions1795727243080 } from './1795727243080-create-adverse-actions.js';
import { TeamDefaultPackages1795728463693 } from './1795728463693-team-default-packages.js';
import { CheckEstimates1795729060940 } from './1795729060940-check-estimates.js';
import { AdverseActionRecordChanges1795737963684 } from './1795737963684-adverse-action-record-changes.js';
import { CreateWatchlists1795847686704 } from './1795847686704-create-watchlists.js';
import { RateLimitBuckets1795860000000 } from './1795860000000-rate-limit-buckets.js';
import { FileObjects1795861000000 } from './1795861000000-file-objects.js';
import { ConsumerReportingAgency1795862000000 } from './1795862000000-consumer-reporting-agency.js';
import { WatchlistHits1795870000000 } from './1795870000000-watchlist-hits.js';
import { EventTraceContext1795871000000 } from './1795871000000-event-trace-context.js';
import { ApplicationCancellation1795880100000 } from './1795880100000-application-cancellation.js';
import { InvitationFunnel1795880200000 } from './1795880200000-invitation-funnel.js';
import { ApplicantSearch1795880300000 } from './1795880300000-applicant-search.js';
import { ApplicantChanges1795881000000 } from './1795881000000-applicant-changes.js';
import { WatchlistHitEvidence1795890000000 } from './1795890000000-watchlist-hit-evidence.js';
import { ListIndexStatuses1795895000000 } from './1795895000000-list-index-statuses.js';
import { ApplicantChangesCompaction1795896000000 } from './1795896000000-applicant-changes-compaction.js';
import { ResealNotAChange1795897000000 } from './1795897000000-reseal-not-a-change.js';
import { ApplicantsAwaitingReport1795898000000 } from './1795898000000-applicants-awaiting-report.js';

/**
 * Every migration, oldest first, listed explicitly (no globs). A new migration is a new file named
 * `<Date.now()>-<what-it-does>.ts` exporting a class `<WhatItDoes><same timestamp>` with `up` and
 * `down`, added at the end of this list. TypeORM reads the timestamp from the last 13 characters of
 * the class's `name`.
 */
export const migrations: Array<new () => import('typeorm').MigrationInterface> = [
  CreateAccounts1795318185500,
  CreateRequestRecords1795318185600,
  CreateCatalogueAndProperties1795318185700,
  CreateApplications1795318185800,
  AddOnboardingToken1795318185900,
  CreateReports1795318186000,
  UnloggedRateLimitCounters1795318186010,
  AddPortalAndDelivery1795318186100,
  EncryptOutboxBodies1795318186101,
  IdempotencyLeaseAndOrderKeys1795318189000,
  TeamListIndexWithPartner1795318189100,
  RecordChanges1795318189200,
  SealPersonalData1795318189400,
  AddressRateLimits1795318189470,
  RecordChangesWrittenAt1795318189480,
  UserEmailUniquePerPartner1795578239389,
  ApiKeyManagement1795716287446,
  CheckProviders1795716320306,
  CreateEvents1795716332885,
  UserLogins1795716341226,
  CheckExecutionRetries1795717251481,
  CreateWebhooks1795717492151,
  CreateApplicantDocuments1795718799464,
  TeamNotificationSettings1795719067626,
  CreateLegalDocuments1795727224921,
  ApplicantErasure1795727229880,
  CreateAdverseActions1795727243080,
  TeamDefaultPackages1795728463693,
  CheckEstimates1795729060940,
  AdverseActionRecordChanges1795737963684,
  CreateWatchlists1795847686704,
  RateLimitBuckets1795860000000,
  FileObjects1795861000000,
  ConsumerReportingAgency1795862000000,
  WatchlistHits1795870000000,
  EventTraceContext1795871000000,
  ApplicationCancellation1795880100000,
  InvitationFunnel1795880200000,
  ApplicantSearch1795880300000,
  ApplicantChanges1795881000000,
  WatchlistHitEvidence1795890000000,
  ListIndexStatuses1795895000000,
  ApplicantChangesCompaction1795896000000,
  ResealNotAChange1795897000000,
  ApplicantsAwaitingReport1795898000000,
];
