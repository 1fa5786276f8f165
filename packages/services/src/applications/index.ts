export { hashOnboardingToken, ONBOARDING_LINK_DAYS, onboardingLink, randomShortUid } from './identifiers.js';
export { queueInvitationMessages, type InvitationSender } from './invitations.js';
export { invitationResendOf, resendInvitation, type ResendOutcome, type ResendRefusal } from './resend-invitation.js';
export {
  findPortalApplicant,
  type PortalApplicant,
  type PortalClosed,
  type PortalLookup,
} from './find-portal-applicant.js';
export { savePortalDraft } from './save-portal-draft.js';
export { savePortalUsFcra } from './save-portal-us-fcra.js';
export {
  mergeInformation,
  readInformation,
  SENSITIVE_INFORMATION_FIELDS,
  type SensitiveInformation,
  type StoredInformation,
} from './information.js';
export { findOrderingOwner, type ApplicationScope, type OrderingOwner } from './order-rules.js';
export type { IdentityDocumentInput, OrderFields, OrderIdempotency } from './new-applicant.js';
export { createInvitation, type InvitationOrder, type Invitation, type InvitedPerson } from './create-invitation.js';
export { createQuickScreen, type QuickScreenOrder } from './create-quick-screen.js';
export { validateOrder, type OrderPreview } from './validate-order.js';
export { submitApplicantInformation, type ApplicantConsent, type ApplicantReference } from './submissions.js';
export { upgradeApplication } from './upgrades.js';
export { recordInvitationOpened } from './open-invitation.js';
export { expireLapsedInvitations } from './expire-invitations.js';
export { findOverdueReports } from './overdue-reports.js';
export { recordInvitationStep, type InvitationStep } from './invitation-funnel.js';
export {
  APPLICATION_CANCELLED_AUDIT_ACTION,
  CANCELLED_CHECK_FAILURE,
  cancelApplication,
  type CancellationOutcome,
} from './cancel.js';
export { APPLICANT_ERASED_AUDIT_ACTION, eraseApplicant, type ErasureActor, type ErasureOutcome } from './erasure.js';
export { documentKindsOfApplicant } from './document-kinds.js';
export { identityPhotosOfCheck } from './find-identity-photos.js';
export { storeApplicantDocuments, type DocumentToStore } from './store-documents.js';
export {
  CHECK_RETRIED_AUDIT_ACTION,
  retryFailedCheck,
  type CheckRetryOutcome,
  type CheckToRetry,
  type RetryActor,
} from './retries.js';
export {
  AUDITED_PERSONAL_DATA_FIELDS,
  PERSONAL_DATA_READ_AUDIT_ACTION,
  personalDataReadsOf,
  recordPersonalDataReads,
  type AuditedPersonalDataField,
  type PersonalDataRead,
  type PersonalDataReader,
} from './personal-data-reads.js';
export { applicationStateOf } from './state.js';
export {
  checkRunsOf,
  hrApplicationResultsOf,
  pmApplicationResultsOf,
  reportSummaryOf,
  stableResultId,
} from './results.js';
export { statusLabelOf } from './status-label.js';
export { checkProgressOf, estimatedCompletionOf, type CheckProgress } from './check-progress.js';
export { verifiedInformationOf } from './verified-information.js';
export { adjudicationOf, disputedResultsOf, type Adjudication } from './adjudication.js';
export { findApplicant } from './find-applicant.js';
export { listApplicants, type ApplicantListRow, type ListedApplicant } from './list-applicants.js';
export type { ApplicantListFilters } from './list-filters.js';
export type { ApplicantRecord } from './sql.js';
export {
  finaliseApplicantIfDone,
  type ApplicantFinalisation,
  type ReportReadyNotification,
  type ReportRenderer,
  REPORT_RENDER_CLAIM_MS,
  type ReportSubject,
} from './report-finalisation.js';
export { createReportRenderer } from './report-document.js';
export { queueApplicantNotifications } from './notifications.js';
export { isApplicantErased } from './is-applicant-erased.js';
export { findApplicantReportState, type ApplicantReportState } from './find-report-state.js';
export { findReportContent, type StoredReportSummary } from './find-report-content.js';
export { findReportRecord, type ReportRecord } from './find-report-record.js';
export { markReportViewed } from './mark-report-viewed.js';
export { storeReport, type RenderedReport } from './store-report.js';
export { cursorOf, cursorText, FEED_START, listApplicantChanges, type ChangeCursor } from './changes.js';
