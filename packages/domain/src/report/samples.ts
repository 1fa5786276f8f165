import { type CheckName, type InformationInput, type RequestFlag } from '@svc/contract';
import { assembleApplicationResults } from '../scoring/assemble.js';
import type { CheckRun } from '../scoring/check-runs.js';
import { isProviderTemporaryError } from '../simulator/errors.js';
import { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from '../simulator/examples.js';
import { simulateCheck } from '../simulator/simulate-check.js';
import type { ReportInput, TeamSettings } from './types.js';

export type SampleReportOptions = {
  readonly teamType: 'HR' | 'PM';
  /** `rich`: findings on several checks and one FAILED check; `clear`: every check clear. */
  readonly variant: 'rich' | 'clear';
  /** Team settings on top of the sample's (white-labelled with the sample organisation). */
  readonly settings?: Partial<TeamSettings>;
  /** The band of made-up results; default `test_data` (a sample is made up). */
  readonly simulation?: ReportInput['simulation'];
};

/** Every sample is generated at this moment, so its report is the same on every run. */
const GENERATED_AT = new Date('2025-06-02T14:30:00.000Z');
const HOUR_MS = 3_600_000;

const HR_CHECKS: readonly CheckName[] = [
  'identity_verification',
  'base',
  'softcheck',
  'criminal_record_check',
  'us_criminal_record_check_tier_2',
  'bureau',
  'employment_verification',
  'education_verification',
  'credential_verification',
  'employer_references',
  'motor_vehicle_records',
  'social_media_check',
];

const PM_CHECKS: readonly CheckName[] = [
  'identity_verification',
  'base',
  'softcheck',
  'criminal_record_check',
  'bureau',
  'employment_verification',
  'address_references',
  'employer_references',
];

/** The check of the rich samples whose provider never answers. */
const FAILING_CHECK: CheckName = 'social_media_check';
/** How many attempts the worker makes before it records a check FAILED (its retry limit plus the first try). */
const WORKER_ATTEMPTS = 3;

/**
 * The applicants, from the simulator's example with test inputs (`SIMULATOR_TEST_INPUTS`): the rich HR applicant has
 * a credit file in collections (`Debt`) and a criminal record (born `1980-01-01`); the rich PM applicant gets a
 * finding on every check (`Review`): a late payment, a possible criminal match, a partly verified employer, a
 * landlord who would not rent again.
 */
function informationOf({ teamType, variant }: SampleReportOptions): InformationInput {
  if (variant === 'clear') return SIMULATOR_EXAMPLE_INFORMATION;
  return teamType === 'HR'
    ? { ...SIMULATOR_EXAMPLE_INFORMATION, last_name: 'Debt', date_of_birth: '1980-01-01' }
    : { ...SIMULATOR_EXAMPLE_INFORMATION, first_name: 'Casey', middle_name: 'Morgan', last_name: 'Review' };
}

/** A stable UUID-shaped id for a purpose (FNV-1a, four seeds): samples need ids, not randomness. */
function sampleId(purpose: string): string {
  const hex = [0x811c9dc5, 0x01000193, 0x050c5d1f, 0x2166136b]
    .map((seed) => {
      let hash = seed;
      for (const character of purpose) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
      return hash.toString(16).padStart(8, '0');
    })
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What the worker records for a check whose provider never answers: the simulator's `Broken` test input, tried out. */
function failureOf(checkName: CheckName, information: InformationInput, now: Date): string {
  try {
    simulateCheck({
      checkName,
      information: { ...information, first_name: 'Broken' },
      location: SIMULATOR_EXAMPLE_LOCATION,
      now,
      attempt: WORKER_ATTEMPTS,
    });
  } catch (error) {
    if (isProviderTemporaryError(error))
      return `provider_unavailable: the provider did not answer after ${WORKER_ATTEMPTS} attempts`;
    throw error;
  }
  throw new Error(`the simulator answered ${checkName} for the Broken test input`);
}

/**
 * A report input built the way the API builds one: the real simulator runs every check, the real assembly computes
 * the results and scores. For tests, the PDF benchmark and the docs site.
 */
export function sampleReportInput(options: SampleReportOptions): ReportInput {
  const { teamType, variant } = options;
  const information = informationOf(options);
  const checkedAt = new Date(GENERATED_AT.getTime() - HOUR_MS);
  const checkNames = teamType === 'HR' ? HR_CHECKS : PM_CHECKS;
  const applicantId = sampleId(`applicant:${teamType}:${variant}`);
  const checks = checkNames.map((checkName): CheckRun & { failure: string | null } => {
    const resultId = sampleId(`${applicantId}:check_result:${checkName}`);
    if (variant === 'rich' && checkName === FAILING_CHECK && teamType === 'HR') {
      return {
        checkName,
        status: 'FAILED',
        simulated: null,
        resultId,
        failure: failureOf(checkName, information, checkedAt),
      };
    }
    // The sample applicants were invited and uploaded the identity document and selfie the identity checks compare.
    const simulated = simulateCheck({
      checkName,
      information,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: checkedAt,
      collectedDocuments: ['identity_document', 'selfie'],
    });
    return { checkName, status: 'COMPLETE', simulated, resultId, failure: null };
  });
  const requestedFlags = checkNames.map((checkName): RequestFlag => `request_${checkName}`);
  const results = assembleApplicationResults({
    checks,
    requestedFlags,
    teamType,
    ids: (purpose) => sampleId(`${applicantId}:${purpose}`),
    now: checkedAt,
    information,
  });
  const created = new Date(GENERATED_AT.getTime() - 50 * HOUR_MS);
  return {
    teamType,
    applicantId,
    reportVersion: variant === 'rich' ? 2 : 1,
    generatedAt: GENERATED_AT,
    simulation: options.simulation === undefined ? 'test_data' : options.simulation,
    country: 'CA',
    agencyName: 'Northwind Screening Services',
    organisation:
      teamType === 'HR'
        ? { name: 'Harbourview Health', primaryColor: '#0f766e' }
        : { name: 'Maple Leaf Property Management', primaryColor: '#1d4ed8' },
    settings: {
      whitelabel_report: true,
      position_title: teamType === 'HR' ? 'Logistics Supervisor' : null,
      ...options.settings,
    },
    applicant: {
      email: `${(information.first_name ?? 'applicant').toLowerCase()}.${(information.last_name ?? 'applicant').toLowerCase()}@example.com`,
      status: 'Returned',
      created,
      submittedTime: new Date(created.getTime() + 2 * HOUR_MS),
      returnedAt: new Date(GENERATED_AT.getTime() - HOUR_MS / 2),
      tag: teamType === 'HR' ? 'Distribution centre, Q3 hiring' : null,
    },
    information,
    location: { ...SIMULATOR_EXAMPLE_LOCATION },
    requestedFlags,
    checks,
    results,
    pm:
      teamType === 'PM'
        ? {
            shareOfRent: 50,
            isCosigner: false,
            propertyAddress: '88 Harbour Street, Unit 2207, Toronto, ON M5J 0C3',
            listingName: 'Two-bedroom condo, Harbourfront',
          }
        : null,
  };
}
