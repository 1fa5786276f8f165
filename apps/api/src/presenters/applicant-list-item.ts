import { adjudicationStatus, type HrApplicantListItem, type PmApplicantListItem } from '@svc/contract';
import {
  invitationResendOf,
  onboardingLink,
  reportSummaryOf,
  type Applicant,
  type ApplicantListRow,
  type ApplicantRecord,
} from '@svc/db';
import { labelOf } from '@svc/domain';
import { presentInformation } from './applicant-information.js';
import { presentRequestFlags } from './application.js';
import { presentCheckExecutions } from './check-executions.js';
import { presentListing } from './listing.js';

/** Where links point, and the time `can_resend_email` is judged at. */
type Links = { publicUrl: string; now: Date };
type AdjudicationStatus = HrApplicantListItem['adjudication_status'];

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The applicant portal link of an invited applicant (the token is stored encrypted); null for a quick screen. */
export const onboardingLinkOf = (applicant: Applicant, { publicUrl }: Links): string | null =>
  applicant.onboardingToken ? onboardingLink({ publicUrl, token: applicant.onboardingToken }) : null;

/**
 * A quick screen may name no email; the list's applicant items need one, so such an applicant shows an address
 * of the reserved `.invalid` domain (RFC 2606) that can never be delivered to.
 */
const emailOf = (applicant: Applicant): string =>
  applicant.email || `no-email+${applicant.shortUid.toLowerCase()}@applicant.invalid`;

const nameOf = (applicant: Applicant, field: 'first_name' | 'last_name'): string | null => {
  const value = applicant.information[field];
  return typeof value === 'string' ? value : null;
};

/** The fields HR and PM list items share. */
function listItemBase(record: ApplicantRecord, links: Links) {
  const { applicant } = record;
  const adjudication = applicant.adjudicationStatus as AdjudicationStatus;
  const bureauEnabled = record.team.settingsConfig.request_bureau === true;
  return {
    ...presentRequestFlags(applicant.requestedFlags),
    id: applicant.id,
    short_uid: applicant.shortUid,
    last_updated: applicant.lastUpdated.toISOString(),
    report_status: applicant.reportStatus,
    applicant_account: {
      id: applicant.id,
      email: applicant.email,
      // The applicant proved the address by submitting through the emailed link.
      email_verified: applicant.isSubmitted && !applicant.isQuickScreen,
      phone_number: applicant.phoneNumber?.number ?? null,
    },
    report_summary: reportSummaryOf(record),
    can_upgrade: applicant.status === 'Returned',
    is_bureau_eligible: bureauEnabled && !applicant.requestedFlags.includes('request_bureau'),
    can_resend_email: invitationResendOf(applicant, links.now).ok,
    is_viewed: applicant.isViewed,
    has_active_automated_reminders: false,
    resend_email_time: applicant.invitationSentAt ? applicant.invitationSentAt.toISOString() : null,
    onboarding_link: onboardingLinkOf(applicant, links),
    adjudication_status: adjudication,
    adjudication_status_label: labelOf(adjudicationStatus, adjudication),
    order_status: applicant.orderStatus,
    status: applicant.status,
    check_executions: presentCheckExecutions(record.executions),
  };
}

export function presentHrApplicantListItem(row: ApplicantListRow, links: Links): HrApplicantListItem {
  const { applicant, application, owner } = row;
  const adjudication = applicant.adjudicationStatus as AdjudicationStatus;
  return {
    ...listItemBase(row, links),
    information: presentInformation(row),
    application: {
      owner: { email: owner.email },
      posting: null,
      is_active: application.isActive,
      team: { internal_name: null },
    },
    applicant_adjudication:
      adjudication === 'NONE'
        ? null
        : { status: adjudication, notes: null, modified: applicant.modified.toISOString() },
  };
}

/** One applicant of a PM application, as the list item's `application.applicants` shows it. */
function presentGroupedApplicant(
  applicant: Applicant,
  links: Links,
): PmApplicantListItem['application']['applicants'][number] {
  return {
    id: applicant.id,
    first_name: nameOf(applicant, 'first_name'),
    last_name: nameOf(applicant, 'last_name'),
    email: emailOf(applicant),
    phone_number: applicant.phoneNumber?.number ?? null,
    share_of_rent: applicant.shareOfRent === null ? null : Number(applicant.shareOfRent),
    is_cosigner: applicant.isCosigner,
    // The applicant's form; a quick-screened applicant has none, so its record in the API.
    application_url:
      onboardingLinkOf(applicant, links) ?? `${base(links.publicUrl)}/api/v1/pm/applicants/${applicant.id}/`,
    report_url:
      applicant.status === 'Returned' ? `${base(links.publicUrl)}/api/v1/pm/reports/${applicant.id}/web/` : null,
    status: applicant.status,
  };
}

export function presentPmApplicantListItem(row: ApplicantListRow, links: Links): PmApplicantListItem {
  const { applicant, application, owner } = row;
  return {
    ...listItemBase(row, links),
    is_cosigner: applicant.isCosigner,
    information: { first_name: nameOf(applicant, 'first_name'), last_name: nameOf(applicant, 'last_name') },
    application: {
      applicants: row.groupApplicants.map((member) => presentGroupedApplicant(member, links)),
      owner: { email: owner.email },
      is_active: application.isActive,
      team: { name: row.team.name },
      listing: row.listing ? presentListing(row.listing, links) : null,
    },
  };
}
