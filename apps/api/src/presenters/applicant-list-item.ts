import type { HrApplicantListItem, PmApplicantListItem } from '@svc/contract';
import {
  adjudicationOf,
  disputedResultsOf,
  invitationResendOf,
  onboardingLink,
  reportSummaryOf,
  type ApplicantListRow,
  type ListedApplicant,
} from '@svc/services';
import { presentProvenance } from './provenance.js';
import { presentInformation } from './applicant-information.js';
import { lastUpdatedOf, presentIntegratorIds, presentRequestFlags } from './application.js';
import { presentListing } from './listing.js';
import type { Applicant } from '@svc/db/entities';

/** Where links point, and the time `can_resend_email` is judged at. */
type Links = { publicUrl: string; now: Date };

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The applicant portal link of an invited applicant (the token is stored encrypted); null for a quick screen. */
export const onboardingLinkOf = (applicant: Pick<Applicant, 'onboardingToken'>, { publicUrl }: Links): string | null =>
  applicant.onboardingToken ? onboardingLink({ publicUrl, token: applicant.onboardingToken }) : null;

/**
 * A quick screen may name no email; the list's applicant items need one, so such an applicant shows an address
 * of the reserved `.invalid` domain (RFC 2606) that can never be delivered to.
 */
const emailOf = (applicant: ListedApplicant): string =>
  applicant.email || `no-email+${applicant.shortUid.toLowerCase()}@applicant.invalid`;

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const nameOf = (applicant: ListedApplicant, field: 'first_name' | 'last_name'): string | null =>
  textOf(applicant.information[field]);

/** The number the invitation was sent to, else the applicant's own (a quick screen's information). */
const phoneOf = (applicant: ListedApplicant): string | null =>
  applicant.phoneNumber?.number ?? textOf(applicant.information.phone_number);

/** The position the order named (its ACIC position or volunteer role title); null when it named none (HR lists read it). */
const postingOf = ({ orderParameters = {} }: ListedApplicant): string | null =>
  textOf(orderParameters.position_title) ?? textOf(orderParameters.role_or_position_title);

/** The fields HR and PM list items share. */
function listItemBase(row: ApplicantListRow, links: Links) {
  const { applicant } = row;
  const adjudication = adjudicationOf(row);
  const bureauEnabled = row.team.settingsConfig.request_bureau === true;
  const disputed = disputedResultsOf(row);
  return {
    ...presentRequestFlags(applicant.requestedFlags),
    id: applicant.id,
    ...presentIntegratorIds(applicant),
    short_uid: applicant.shortUid,
    last_updated: lastUpdatedOf(row),
    report_status: applicant.reportStatus,
    applicant_account: {
      id: applicant.id,
      email: applicant.email,
      // The applicant proved the address by submitting through the emailed link.
      email_verified: applicant.isSubmitted && !applicant.isQuickScreen,
      phone_number: phoneOf(applicant),
    },
    report_summary: reportSummaryOf(row, disputed),
    can_upgrade: applicant.status === 'Returned',
    is_bureau_eligible: bureauEnabled && !applicant.requestedFlags.includes('request_bureau'),
    can_resend_email: invitationResendOf(applicant, links.now).ok,
    is_viewed: applicant.isViewed,
    has_active_automated_reminders: false,
    resend_email_time: applicant.invitationSentAt ? applicant.invitationSentAt.toISOString() : null,
    onboarding_link: onboardingLinkOf(applicant, links),
    adjudication_status: adjudication.status,
    adjudication_status_label: adjudication.label,
    order_status: applicant.orderStatus,
    status: applicant.status,
    ...presentProvenance(row),
  };
}

export function presentHrApplicantListItem(row: ApplicantListRow, links: Links): HrApplicantListItem {
  const { applicant, application, owner, adverseAction } = row;
  const base = listItemBase(row, links);
  const adjudication = base.adjudication_status;
  return {
    ...base,
    information: presentInformation(row),
    application: {
      owner: { email: owner.email },
      posting: postingOf(applicant),
      is_active: application.isActive,
      // svc's teams have one name, `name`: no internal one.
      team: { internal_name: null },
    },
    applicant_adjudication:
      adjudication === 'NONE'
        ? null
        : {
            status: adjudication,
            notes: null,
            modified: (adverseAction?.modified ?? applicant.modified).toISOString(),
          },
  };
}

/** One applicant of a PM application, as the list item's `application.applicants` shows it. */
function presentGroupedApplicant(
  applicant: ListedApplicant,
  links: Links,
): PmApplicantListItem['application']['applicants'][number] {
  return {
    id: applicant.id,
    first_name: nameOf(applicant, 'first_name'),
    last_name: nameOf(applicant, 'last_name'),
    email: emailOf(applicant),
    phone_number: phoneOf(applicant),
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
