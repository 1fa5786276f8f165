import { CHECK_NAMES, type CheckName, type InformationInput } from '@svc/contract';
import { CRIMINAL_CHECKS, IDENTITY_CHECKS, REFERENCE_CHECKS, VERIFICATION_CHECKS } from './families.js';
import { normaliseText, ssnDigits } from './normalise.js';

/**
 * Test inputs: like a payment API's test cards, values of the applicant's information that force an outcome of
 * the simulated providers. Any other information gives `CLEAR` on every check (with realistic, deterministic
 * details). Names are compared ignoring case and surrounding spaces. Several inputs may be combined (for example
 * last name `Debt` with date of birth `1980-01-01`); each check then shows every effect that applies to it.
 */
export type SimulatorTestInput = {
  /** Stable identifier, for docs anchors and tests. */
  readonly id: string;
  /** The field of `information` to send. */
  readonly field: 'first_name' | 'last_name' | 'date_of_birth' | 'sin_ssn';
  /** The value to send in it. */
  readonly value: string;
  /** The checks it affects. */
  readonly checks: readonly CheckName[];
  /** What the affected checks produce: an outcome, or a provider failure. */
  readonly produces: 'REVIEW' | 'NOT_CLEAR' | 'TRANSIENT_FAILURE' | 'FAILED' | 'FAILED_UNTIL_RETRIED';
  /** What the affected checks produce, in a few words. */
  readonly summary: string;
  readonly explanation: string;
};

const ALL_CHECKS: readonly CheckName[] = CHECK_NAMES;

export const SIMULATOR_TEST_INPUTS = [
  {
    id: 'review',
    field: 'last_name',
    value: 'Review',
    checks: ALL_CHECKS,
    produces: 'REVIEW',
    summary: 'Every check REVIEW with red flags',
    explanation:
      'Every check finds something to look at: a possible criminal match, a late payment, a partially verified employer, a selfie that matches only partly, and so on.',
  },
  {
    id: 'criminal_record',
    field: 'date_of_birth',
    value: '1980-01-01',
    checks: CRIMINAL_CHECKS,
    produces: 'REVIEW',
    summary: 'A criminal record on every criminal and risk check (REVIEW)',
    explanation:
      'Each criminal record search finds a case matching the name and date of birth, heard by a court of its jurisdiction, with two charges: one discharged with probation, one withdrawn.',
  },
  {
    id: 'convicted',
    field: 'last_name',
    value: 'Convicted',
    checks: CRIMINAL_CHECKS,
    produces: 'NOT_CLEAR',
    summary: 'A conviction with a sentence on every criminal and risk check (NOT_CLEAR)',
    explanation:
      'Each criminal record search finds a case whose charges ended in convictions, with a jail sentence, a fine and probation.',
  },
  {
    id: 'debt',
    field: 'last_name',
    value: 'Debt',
    checks: ['bureau'],
    produces: 'REVIEW',
    summary: 'A credit file with collections, a judgment and high utilisation (REVIEW)',
    explanation:
      'The credit file holds maxed-out revolving accounts, two accounts in collection and a small-claims judgment; the total debt is large and the credit score low.',
  },
  {
    id: 'unverifiable',
    field: 'last_name',
    value: 'Unverifiable',
    checks: [...VERIFICATION_CHECKS, ...IDENTITY_CHECKS, ...REFERENCE_CHECKS],
    produces: 'REVIEW',
    summary: 'Verifications NOT_VERIFIED, identity status R, references unanswered (REVIEW)',
    explanation:
      'No employer, school or issuer confirms anything, the identity document cannot be authenticated (without one, the name, date of birth and address cannot be matched) and no referee answers.',
  },
  {
    id: 'ssn_mismatch',
    field: 'sin_ssn',
    value: '000000000',
    checks: ['us_ssn_verification', ...IDENTITY_CHECKS],
    produces: 'NOT_CLEAR',
    summary: 'SIN/SSN mismatch: US SSN verification NOT_CLEAR, identity verifications declined (status D, NOT_CLEAR)',
    explanation:
      'The number was never issued to the applicant: the SSN trace finds no name, address or date of birth for it, and identity verification is declined.',
  },
  {
    id: 'flaky',
    field: 'first_name',
    value: 'Flaky',
    checks: ALL_CHECKS,
    produces: 'TRANSIENT_FAILURE',
    summary: 'The provider fails twice, then answers',
    explanation:
      'Attempts 1 and 2 of every check raise a temporary provider error; attempt 3 succeeds, so the worker retries and the check completes.',
  },
  {
    id: 'broken',
    field: 'first_name',
    value: 'Broken',
    checks: ALL_CHECKS,
    produces: 'FAILED',
    summary: 'The provider never answers: the check ends FAILED',
    explanation:
      'Every attempt raises a temporary provider error; when the worker gives up the check is FAILED and its result shows status FAILED, result REVIEW.',
  },
  {
    id: 'stalled',
    field: 'first_name',
    value: 'Stalled',
    checks: ALL_CHECKS,
    produces: 'FAILED_UNTIL_RETRIED',
    summary: 'The check ends FAILED; retried, it completes',
    explanation:
      'Every attempt of the first run raises a temporary provider error, so the check ends FAILED like Broken; once you retry it (POST …/applicants/{id}/checks/{check_id}/retry/) the provider answers and the check completes.',
  },
  {
    id: 'licence_suspended',
    field: 'last_name',
    value: 'Suspended',
    checks: ['motor_vehicle_records'],
    produces: 'NOT_CLEAR',
    summary: 'Driver’s licence suspended (NOT_CLEAR)',
    explanation:
      'The driving record shows a suspended licence, an impaired-driving suspension and speeding convictions.',
  },
] as const satisfies readonly SimulatorTestInput[];

export type SimulatorTestInputId = (typeof SIMULATOR_TEST_INPUTS)[number]['id'];

/** What the test inputs in some information ask the simulated providers to do. */
export type SimulatorScenario = {
  /** First name `Flaky` (attempts 1–2 fail), `Broken` (every attempt fails) or `Stalled` (every attempt fails until retried). */
  readonly transientFailure: 'none' | 'flaky' | 'broken' | 'stalled';
  /** Last name `Review`. */
  readonly review: boolean;
  /** Date of birth `1980-01-01` (`record`) or last name `Convicted` (`conviction`). */
  readonly criminalRecord: 'none' | 'record' | 'conviction';
  readonly debt: boolean;
  readonly unverifiable: boolean;
  readonly ssnMismatch: boolean;
  readonly licenceSuspended: boolean;
};

const matches = (given: unknown, expected: string): boolean =>
  typeof given === 'string' && normaliseText(given) === normaliseText(expected);

/** The test inputs present in the information (all false for ordinary data). */
export function scenarioOf(information: InformationInput): SimulatorScenario {
  const lastName = information.last_name;
  const firstName = information.first_name;
  const transientFailure = matches(firstName, 'Broken')
    ? 'broken'
    : matches(firstName, 'Flaky')
      ? 'flaky'
      : matches(firstName, 'Stalled')
        ? 'stalled'
        : 'none';
  const convicted = matches(lastName, 'Convicted');
  return {
    transientFailure,
    review: matches(lastName, 'Review'),
    criminalRecord: convicted ? 'conviction' : information.date_of_birth === '1980-01-01' ? 'record' : 'none',
    debt: matches(lastName, 'Debt'),
    unverifiable: matches(lastName, 'Unverifiable'),
    ssnMismatch: ssnDigits(information.sin_ssn ?? null) === '000000000',
    licenceSuspended: matches(lastName, 'Suspended'),
  };
}

/** Which test inputs the information holds, by id (for logs and the report). */
export function testInputsIn(information: InformationInput): SimulatorTestInputId[] {
  const scenario = scenarioOf(information);
  const present: Record<SimulatorTestInputId, boolean> = {
    review: scenario.review,
    criminal_record: information.date_of_birth === '1980-01-01',
    convicted: scenario.criminalRecord === 'conviction',
    debt: scenario.debt,
    unverifiable: scenario.unverifiable,
    ssn_mismatch: scenario.ssnMismatch,
    flaky: scenario.transientFailure === 'flaky',
    broken: scenario.transientFailure === 'broken',
    stalled: scenario.transientFailure === 'stalled',
    licence_suspended: scenario.licenceSuspended,
  };
  return SIMULATOR_TEST_INPUTS.map((input) => input.id).filter((id) => present[id]);
}
