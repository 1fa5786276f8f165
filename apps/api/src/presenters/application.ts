import {
  REQUEST_FLAGS,
  type CancellationReason,
  type HrApplication,
  type PmApplication,
  type RequestFlag,
} from '@svc/contract';
import { hrApplicationResultsOf, pmApplicationResultsOf, statusLabelOf, type ApplicantRecord } from '@svc/services';
import { presentInformation } from './applicant-information.js';
import { presentProvenance } from './provenance.js';
import { presentConsent } from './consent.js';
import { presentEstimatedCompletion } from './check-executions.js';
import { presentWatchlistHits } from './watchlist-hits.js';
import type { Applicant } from '@svc/db/entities';

/** Every request flag of the record: true for the checks the applicant holds. */
export function presentRequestFlags(requestedFlags: readonly string[]): Record<RequestFlag, boolean> {
  const held = new Set(requestedFlags);
  const flags = {} as Record<RequestFlag, boolean>;
  for (const flag of REQUEST_FLAGS) flags[flag] = held.has(flag);
  return flags;
}

/**
 * When the application or one of its checks last changed: a check's progress and result are written on its
 * execution, not on the applicant.
 */
export const lastUpdatedOf = ({
  applicant,
  executions,
}: Pick<ApplicantRecord, 'executions'> & { applicant: Pick<Applicant, 'lastUpdated'> }): string =>
  new Date(
    Math.max(applicant.lastUpdated.getTime(), ...executions.map((execution) => execution.modified.getTime())),
  ).toISOString();

/** The order's `external_id` and `metadata` (of its application or applicant), as answers and list items show them. */
export const presentIntegratorIds = (order: Pick<ApplicantRecord['applicant'], 'externalId' | 'metadata'>) => ({
  external_id: order.externalId,
  metadata: order.metadata ?? {},
});
const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The invitation's funnel of an invited applicant; null for a quick screen. */
const invitationFunnelOf = (applicant: Applicant): HrApplication['invitation_funnel'] =>
  applicant.isQuickScreen
    ? null
    : {
        sent_at: isoOrNull(applicant.invitationSentAt),
        delivered_at: isoOrNull(applicant.invitationDeliveredAt),
        bounced_at: isoOrNull(applicant.invitationBouncedAt),
        opened_at: isoOrNull(applicant.invitationOpenedAt),
        started_at: isoOrNull(applicant.invitationStartedAt),
        expires_at: isoOrNull(applicant.onboardingExpiresAt),
        expired_at: isoOrNull(applicant.invitationExpiredAt),
      };

/** The fields HR and PM records share: everything but the computed results and the HR position's salary. */
type RecordBase = Omit<HrApplication, keyof ReturnType<typeof hrApplicationResultsOf> | 'salary' | 'sufficient_salary'>;

/**
 * The fields HR and PM records share, in one object the results are then added to. A record has some 150 fields:
 * building it with spreads copied them from object to object (a third of what a quick screen allocated). Typed as the
 * contract's record, so a field added there fails to compile until it is presented here.
 */
function recordBase(record: ApplicantRecord): RecordBase {
  const { applicant, application } = record;
  return {
    id: applicant.id,
    created: applicant.created.toISOString(),
    modified: applicant.modified.toISOString(),
    last_updated: lastUpdatedOf(record),
    submitted_time: applicant.submittedTime ? applicant.submittedTime.toISOString() : null,
    tag: applicant.tag,
    ...presentIntegratorIds(applicant),
    ...presentRequestFlags(applicant.requestedFlags),
    is_submitted: applicant.isSubmitted,
    applicant_type: applicant.applicantType,
    report_status: applicant.reportStatus,
    status: applicant.status,
    status_label: statusLabelOf(applicant),
    applicant_account: { id: applicant.id, email: applicant.email },
    application: {
      id: application.id,
      created: application.created.toISOString(),
      modified: application.modified.toISOString(),
      email: application.email,
    },
    country: applicant.country,
    information: presentInformation(record),
    consent: presentConsent(applicant.consent),
    watchlist_hits: presentWatchlistHits(record.watchlistHits),
    ...presentProvenance(record),
    estimated_completion: presentEstimatedCompletion(record.executions),
    invitation_funnel: invitationFunnelOf(applicant),
    cancelled_at: applicant.cancelledAt ? applicant.cancelledAt.toISOString() : null,
    cancelled_by: applicant.cancelledBy,
    cancellation_reason: applicant.cancellationReason as CancellationReason | null,
    erased_at: applicant.erasedAt ? applicant.erasedAt.toISOString() : null,
    erased_by: applicant.erasedBy,
  };
}

/** The HR application record (document 1): quick screen, upgrade and retrieve answer it. */
export function presentHrApplication(record: ApplicantRecord): HrApplication {
  // No order names a salary yet, so neither it nor its sufficiency is known.
  return Object.assign(recordBase(record), { salary: null, sufficient_salary: null }, hrApplicationResultsOf(record));
}

/** The PM application record (document 1), `instant_verify_result` included. */
export function presentPmApplication(record: ApplicantRecord): PmApplication {
  return Object.assign(recordBase(record), pmApplicationResultsOf(record));
}

/** An applicant of an invite response. */
export function presentInvitedApplicant(
  { applicant, onboardingLink }: { applicant: Applicant; onboardingLink: string | null },
  information: { first_name?: unknown; last_name?: unknown } = {},
) {
  return {
    id: applicant.id,
    onboarding_link: onboardingLink,
    status: applicant.status,
    first_name: typeof information.first_name === 'string' ? information.first_name : null,
    last_name: typeof information.last_name === 'string' ? information.last_name : null,
    email: applicant.email,
    phone_number: applicant.phoneNumber
      ? {
          phone_type: applicant.phoneNumber.phone_type as 'NONE',
          number: applicant.phoneNumber.number,
          country: applicant.phoneNumber.country,
        }
      : { phone_type: 'NONE' as const, number: null, country: null },
  };
}
