export {
  ADVERSE_NOTICE_QUEUE,
  ADVERSE_NOTICE_SEND_OPTIONS,
  adverseNoticePayloadSchema,
  type AdverseNoticePayload,
  CHECK_RUN_QUEUE,
  CHECK_RUN_SEND_OPTIONS,
  JOB_QUEUES,
  MESSAGE_SEND_OPTIONS,
  MESSAGE_SEND_QUEUE,
  REPORT_RENDER_QUEUE,
  REPORT_RENDER_SEND_OPTIONS,
  RETENTION_QUEUE,
  WEBHOOK_DELIVER_QUEUE,
  PROVIDER_CALLBACK_QUEUE,
  PROVIDER_JOB_SEND_OPTIONS,
  PROVIDER_POLL_QUEUE,
  checkRunPayloadSchema,
  enqueueProviderCallback,
  providerCallbackPayloadSchema,
  providerPollPayloadSchema,
  scheduleProviderPoll,
  enqueueCheckRuns,
  messageSendPayloadSchema,
  reportRenderPayloadSchema,
  requestReportRender,
  requestReportRenders,
  type CheckRunPayload,
  type QueueName,
  type MessageSendPayload,
  type ReportRenderPayload,
  type ProviderCallbackPayload,
  type ProviderPollPayload,
} from './jobs.js';
export { hashOnboardingToken, ONBOARDING_LINK_DAYS, onboardingLink, randomShortUid } from './identifiers.js';
export {
  invitationResendOf,
  queueInvitationMessages,
  resendInvitation,
  type InvitationSender,
  type ResendOutcome,
  type ResendRefusal,
} from './invitations.js';
export {
  findPortalApplicant,
  savePortalDraft,
  savePortalUsFcra,
  type PortalApplicant,
  type PortalClosed,
  type PortalLookup,
} from './portal.js';
export {
  mergeInformation,
  readInformation,
  SENSITIVE_INFORMATION_FIELDS,
  type SensitiveInformation,
  type StoredInformation,
} from './information.js';
export { findOrderingOwner, type ApplicationScope, type OrderingOwner } from './order-rules.js';
// The pure ordering rules live in @svc/domain; the API takes them from here with the operations that answer them.
export {
  refusedFlags,
  requestedFlags,
  storedFlags,
  type OrderOutcome,
  type OrderRefusal,
  type RefusedFlag,
} from '@svc/domain';
export type { IdentityDocumentInput, OrderFields, OrderIdempotency } from './new-applicant.js';
export {
  createInvitation,
  createQuickScreen,
  type InvitationOrder,
  type Invitation,
  type InvitedPerson,
  type QuickScreenOrder,
} from './orders.js';
export { submitApplicantInformation, type ApplicantConsent, type ApplicantReference } from './submissions.js';
export { upgradeApplication } from './upgrades.js';
export { APPLICANT_ERASED_AUDIT_ACTION, eraseApplicant, type ErasureActor, type ErasureOutcome } from './erasure.js';
export { documentKindsOfApplicant, storeApplicantDocuments, type DocumentToStore } from './documents.js';
export {
  CHECK_RETRIED_AUDIT_ACTION,
  retryFailedCheck,
  type CheckRetryOutcome,
  type CheckToRetry,
  type RetryActor,
} from './retries.js';
export { applicationStateOf } from './state.js';
export {
  checkRunsOf,
  hrApplicationResultsOf,
  pmApplicationResultsOf,
  reportSummaryOf,
  stableResultId,
} from './results.js';
export {
  findApplicant,
  listApplicants,
  type ApplicantListFilters,
  type ApplicantListRow,
  type ApplicantRecord,
} from './queries.js';
export {
  createDefaultPackages,
  createDefaultServiceCollections,
  createTeamWithServiceCollections,
  findServiceCollection,
  listServiceCollections,
} from './service-collections.js';
export {
  applicantAwaitingReport,
  applicantsAwaitingReport,
  completeCheckRun,
  failCheckRun,
  finishCheckRuns,
  startCheckRun,
  startCheckRuns,
  type CheckOutcome,
  type CheckRun,
  type CheckRunFinish,
  type CheckRunRecorded,
  type StartedRun,
} from './check-runs.js';
export {
  findCheckByProviderReference,
  findPendingCheck,
  recordCheckSubmitted,
  refreshCheckTurnarounds,
  type PendingCheck,
} from './provider-checks.js';
export {
  finaliseApplicantIfDone,
  REPORT_RENDER_CLAIM_MS,
  type ApplicantFinalisation,
  type RenderedReport,
  type ReportReadyNotification,
  type ReportRenderer,
  type ReportSubject,
} from './report-finalisation.js';
export { queueApplicantNotifications } from './notifications.js';
export {
  isApplicantErased,
  findApplicantReportState,
  findReportContent,
  findReportRecord,
  markReportViewed,
  storeReport,
  type ApplicantReportState,
  type ReportRecord,
  type StoredReportSummary,
} from './reports.js';
