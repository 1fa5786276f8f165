import { checkNameOf, type CancellationReason, type CheckName } from '@svc/contract';
import { storedFlags } from '@svc/domain';
import { type NewEvent } from '@svc/db';
import type { Applicant } from '@svc/db/entities';

/** The events of an applicant's changes (`recordEvent`): whose they are and what they are about, from the applicant. */
const aboutApplicant = (applicant: Applicant) => ({
  partnerId: applicant.partnerId,
  environment: applicant.environment,
  teamId: applicant.teamId,
  applicantId: applicant.id,
});

const statusesOf = (applicant: Applicant) => ({ status: applicant.status, report_status: applicant.reportStatus });

/** The order's `external_id` and `metadata`, which every event of an applicant's order carries. */
export const integratorIdsOf = (applicant: Pick<Applicant, 'externalId' | 'metadata'>) => ({
  external_id: applicant.externalId,
  metadata: applicant.metadata ?? {},
});

/** `application.created`: an applicant was ordered (invited or quick-screened). */
export const applicationCreatedEvent = (applicant: Applicant): NewEvent<'application.created'> => ({
  ...aboutApplicant(applicant),
  type: 'application.created',
  data: {
    applicant_id: applicant.id,
    application_id: applicant.applicationId,
    team_id: applicant.teamId,
    owner_id: applicant.ownerId,
    kind: applicant.kind,
    is_quick_screen: applicant.isQuickScreen,
    checks: storedFlags(applicant.requestedFlags).map(checkNameOf),
    ...statusesOf(applicant),
    ...integratorIdsOf(applicant),
  },
});

/** `applicant.submitted`: the applicant's form was submitted; its checks run. */
export const applicantSubmittedEvent = (applicant: Applicant): NewEvent<'applicant.submitted'> => ({
  ...aboutApplicant(applicant),
  type: 'applicant.submitted',
  data: {
    applicant_id: applicant.id,
    application_id: applicant.applicationId,
    ...statusesOf(applicant),
    ...integratorIdsOf(applicant),
  },
});

/** `application.returned`: every check finished and the report (web, PDF, link) of `reportVersion` is ready. */
export const applicationReturnedEvent = (applicant: Applicant): NewEvent<'application.returned'> => ({
  ...aboutApplicant(applicant),
  type: 'application.returned',
  data: {
    applicant_id: applicant.id,
    application_id: applicant.applicationId,
    report_version: applicant.reportVersion,
    formats: ['web', 'pdf', 'link'],
    ...statusesOf(applicant),
    ...integratorIdsOf(applicant),
  },
});

/** `application.upgraded`: checks were added to a returned applicant. */
export const applicationUpgradedEvent = (
  applicant: Applicant,
  { addedChecks, reportVersion }: { addedChecks: readonly CheckName[]; reportVersion: number },
): NewEvent<'application.upgraded'> => ({
  ...aboutApplicant(applicant),
  type: 'application.upgraded',
  data: {
    applicant_id: applicant.id,
    application_id: applicant.applicationId,
    added_checks: [...addedChecks],
    report_version: reportVersion,
    ...statusesOf(applicant),
    ...integratorIdsOf(applicant),
  },
});

/** `application.cancelled`: the application was cancelled (or its invitation withdrawn) before it returned. */
export const applicationCancelledEvent = (
  applicant: Applicant,
  reason: CancellationReason,
): NewEvent<'application.cancelled'> => ({
  ...aboutApplicant(applicant),
  type: 'application.cancelled',
  data: {
    applicant_id: applicant.id,
    application_id: applicant.applicationId,
    reason,
    ...statusesOf(applicant),
    ...integratorIdsOf(applicant),
  },
});

/** `applicant.erased`: the applicant's personal data was erased; its anonymous record stays. */
export const applicantErasedEvent = (applicant: Applicant): NewEvent<'applicant.erased'> => ({
  ...aboutApplicant(applicant),
  type: 'applicant.erased',
  data: { applicant_id: applicant.id, ...integratorIdsOf(applicant) },
});

/** `invitation.sent` or `invitation.delivery_failed`: what became of an applicant's invitation message. */
export const invitationEvent = (
  applicant: Applicant,
  { delivered, channel }: { delivered: boolean; channel: 'email' | 'sms' },
): NewEvent<'invitation.sent' | 'invitation.delivery_failed'> => ({
  ...aboutApplicant(applicant),
  type: delivered ? 'invitation.sent' : 'invitation.delivery_failed',
  data: { applicant_id: applicant.id, channel, ...integratorIdsOf(applicant) },
});
