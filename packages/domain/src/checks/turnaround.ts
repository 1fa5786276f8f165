import type { CheckName } from '@svc/contract';
import type { CheckExecutionStatus } from '../applications/state-machine.js';
import { assertNever } from '../exhaustive.js';

/**
 * How long each check usually takes once it runs, in hours: what `estimated_completion` is computed from until a
 * provider adapter says otherwise. Instant checks answer within the hour; court, police and registry searches take
 * days; checks that wait on people (referees, employers, schools) take about three days.
 */
export const EXPECTED_TURNAROUND_HOURS: { readonly [C in CheckName]: number } = {
  identity_verification: 1,
  enhanced_identity_verification: 1,
  bureau: 1,
  base: 1,
  behavioural: 24,
  softcheck: 1,
  us_ssn_verification: 1,
  us_criminal_softcheck: 1,
  instant_verify_employment: 1,
  instant_verify_education: 1,
  instant_verify_credential: 1,
  international_criminal_record_check: 240,
  motor_vehicle_records: 24,
  criminal_record_check: 72,
  enhanced_criminal_record_check: 120,
  vulnerable_sector_criminal_record_check: 240,
  employer_references: 72,
  address_references: 72,
  employer_phone_references: 72,
  address_phone_references: 72,
  social_media_check: 48,
  soquij: 24,
  us_criminal_record_check_tier_1: 48,
  us_criminal_record_check_tier_2: 72,
  us_criminal_record_check_tier_3: 96,
  education_verification: 72,
  credential_verification: 72,
  employment_verification: 72,
  vaccination_check: 24,
  right_to_work: 24,
  uk_basic_dbs_check: 120,
  uk_basic_ds_check: 120,
  uk_right_to_work_check: 24,
  australian_criminal_intelligence_commission_check: 72,
  volunteer_acic_check: 72,
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a check should be done: for a check waiting on its provider, the estimate made at its submission (from svc's
 * learned turnaround of that provider, else the provider's expected one); for another queued or running check, when it
 * was queued plus the catalogue's expected turnaround; null for a finished check (nothing to wait for) and for one
 * waiting on the applicant (it has not started: nobody knows).
 */
export function checkEstimatedCompletion({
  checkName,
  status,
  queuedAt,
  providerEstimate,
}: {
  checkName: CheckName;
  status: CheckExecutionStatus;
  queuedAt: Date | null;
  /** Set when the check was submitted to a provider that answers later. */
  providerEstimate: Date | null;
}): Date | null {
  switch (status) {
    case 'QUEUED':
    case 'RUNNING':
      if (status === 'RUNNING' && providerEstimate) return providerEstimate;
      return queuedAt ? new Date(queuedAt.getTime() + EXPECTED_TURNAROUND_HOURS[checkName] * HOUR_MS) : null;
    case 'WAITING_ON_CANDIDATE':
    case 'COMPLETE':
    case 'FAILED':
      return null;
    default:
      return assertNever(status, 'check execution status');
  }
}

/** When the application should be done: its last check's estimate; null when no check is under way. */
export function applicationEstimatedCompletion(estimates: readonly (Date | null)[]): Date | null {
  const known = estimates.filter((estimate) => estimate !== null);
  return known.length === 0 ? null : new Date(Math.max(...known.map((estimate) => estimate.getTime())));
}
