import {
  REQUEST_FLAGS,
  applicationStatus,
  type HrApplication,
  type PmApplication,
  type RequestFlag,
} from '@svc/contract';
import { hrApplicationResultsOf, pmApplicationResultsOf, type Applicant, type ApplicantRecord } from '@svc/db';
import { labelOf } from '@svc/domain';
import { presentInformation } from './applicant-information.js';

/** Every request flag of the record: true for the checks the applicant holds. */
export function presentRequestFlags(requestedFlags: readonly string[]): Record<RequestFlag, boolean> {
  const held = new Set(requestedFlags);
  const flags = {} as Record<RequestFlag, boolean>;
  for (const flag of REQUEST_FLAGS) flags[flag] = held.has(flag);
  return flags;
}

/**
 * The fields HR and PM records share, results aside, in one object the results are then added to. A record has
 * some 150 fields: building it with spreads copied them from object to object (a third of what a quick screen
 * allocated).
 */
function recordBase(record: ApplicantRecord): Record<string, unknown> {
  const { applicant, application } = record;
  const base: Record<string, unknown> = {
    id: applicant.id,
    created: applicant.created.toISOString(),
    modified: applicant.modified.toISOString(),
    last_updated: applicant.lastUpdated.toISOString(),
    submitted_time: applicant.submittedTime ? applicant.submittedTime.toISOString() : null,
    tag: applicant.tag,
  };
  Object.assign(base, presentRequestFlags(applicant.requestedFlags));
  base.is_submitted = applicant.isSubmitted;
  base.applicant_type = applicant.applicantType;
  base.report_status = applicant.reportStatus;
  base.status = applicant.status;
  base.status_label = labelOf(applicationStatus, applicant.status);
  base.applicant_account = { id: applicant.id, email: applicant.email };
  base.application = { id: application.id, created: application.created.toISOString(), modified: application.modified.toISOString(), email: application.email };
  base.country = applicant.country;
  base.information = presentInformation(record);
  return base;
}

/** The HR application record (document 1): quick screen, upgrade and retrieve answer it. */
export function presentHrApplication(record: ApplicantRecord): HrApplication {
  const presented = recordBase(record);
  // No order names a salary yet, so neither it nor its sufficiency is known.
  presented.salary = null;
  presented.sufficient_salary = null;
  return Object.assign(presented, hrApplicationResultsOf(record)) as HrApplication;
}

/** The PM application record (document 1), `instant_verify_result` included. */
export function presentPmApplication(record: ApplicantRecord): PmApplication {
  return Object.assign(recordBase(record), pmApplicationResultsOf(record)) as PmApplication;
}

/** An applicant of an invite response. */
export function presentInvitedApplicant(applicant: Applicant, information: { first_name?: unknown; last_name?: unknown } = {}) {
  return {
    id: applicant.id,
    status: applicant.status,
    first_name: typeof information.first_name === 'string' ? information.first_name : null,
    last_name: typeof information.last_name === 'string' ? information.last_name : null,
    email: applicant.email,
    phone_number: applicant.phoneNumber
      ? { phone_type: applicant.phoneNumber.phone_type as 'NONE', number: applicant.phoneNumber.number, country: applicant.phoneNumber.country }
      : { phone_type: 'NONE' as const, number: null, country: null },
  };
}
