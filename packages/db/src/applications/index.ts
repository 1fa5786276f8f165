export { CHECK_RUN_QUEUE, CHECK_RUN_SEND_OPTIONS, JOB_QUEUES, checkRunPayloadSchema, enqueueCheckRuns, type CheckRunPayload, type JobQueue } from './jobs.js';
export { hashOnboardingToken, ONBOARDING_LINK_DAYS, onboardingLink, randomShortUid } from './identifiers.js';
export { mergeInformation, readInformation, SENSITIVE_INFORMATION_FIELDS, type SensitiveInformation, type StoredInformation } from './information.js';
export {
  findOrderingOwner,
  refusedFlags,
  requestedFlags,
  storedFlags,
  type ApplicationScope,
  type OrderingOwner,
  type OrderOutcome,
  type OrderRefusal,
  type RefusedFlag,
} from './order-rules.js';
export type { IdentityDocumentInput, OrderFields } from './new-applicant.js';
export { createInvitation, createQuickScreen, type InvitationOrder, type Invitation, type InvitedPerson, type QuickScreenOrder } from './orders.js';
export { submitApplicantInformation, type ApplicantReference } from './submissions.js';
export { upgradeApplication } from './upgrades.js';
export { applicationStateOf } from './state.js';
export { findApplicant, listApplicants, type ApplicantListFilters, type ApplicantListRow, type ApplicantRecord } from './queries.js';
export {
  createDefaultServiceCollections,
  createTeamWithServiceCollections,
  findServiceCollection,
  listServiceCollections,
} from './service-collections.js';
export {
  applicantIdOfCheckExecution,
  completeCheckRun,
  failCheckRun,
  finaliseApplicantIfDone,
  renderReport,
  startCheckRun,
  type ApplicantFinalisation,
  type CheckRun,
  type CheckRunRecorded,
  type ReportRenderer,
  type ReportRendering,
} from './check-runs.js';
