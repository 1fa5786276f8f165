import {
  checkResult,
  overallScore,
  packageResultStatus,
  type BaseResult,
  type CheckName,
  type HrApplication,
  type ResultObjectField,
} from '@svc/contract';
import { emptyCreditFile } from '../simulator/bureau.js';
import { overallScoreOf, worstOutcome } from '../simulator/context.js';
import type { SimulatedCheck, SimulatedOutcome, VerificationArea, VerificationValue } from '../simulator/types.js';
import { US_SCANS_BY_CHECK, SCAN_NAMES, type UsCheckName } from '../simulator/us-criminal.js';
import { combinedVerification } from '../simulator/verifications.js';
import {
  PROVIDER_UNAVAILABLE_FLAG,
  completedChecks,
  detailsOfKind,
  hasNotStarted,
  isFinished,
  type FieldRun,
} from './check-runs.js';

/** A result object of the application record, by field. */
export type RecordResult<F extends ResultObjectField> = NonNullable<HrApplication[F]>;

export type Ids = (purpose: string) => string;

type CheckResultValue = BaseResult['result'];

/** Progress of a result from its checks: PENDING before any starts, ANALYZING while some run, then FAILED or COMPLETE. */
export function resultStatusOf(runs: readonly FieldRun[]): BaseResult['status'] {
  if (runs.every(isFinished)) return runs.some((run) => run.status === 'FAILED') ? 'FAILED' : 'COMPLETE';
  return runs.every(hasNotStarted) ? 'PENDING' : 'ANALYZING';
}

/**
 * Outcome of a result from its checks: NONE until every check finished, then the worst of the completed checks'
 * outcomes, a failed check counting as REVIEW (nobody knows what it would have found).
 */
export function resultOutcomeOf(runs: readonly FieldRun[]): CheckResultValue {
  if (runs.length === 0 || !runs.every(isFinished)) return 'NONE';
  return worstOutcome(
    runs.map((run): SimulatedOutcome =>
      run.status === 'COMPLETE' && run.simulated ? run.simulated.outcome : 'REVIEW',
    ),
  );
}

const unique = (flags: readonly string[]): string[] => [...new Set(flags)];

/** The base fields of a result: id of its first check, progress, outcome, score and the flags found so far. */
export function baseResultOf(runs: readonly FieldRun[]): BaseResult {
  const [first] = runs;
  if (!first) throw new Error('a result needs at least one requested check');
  const status = resultStatusOf(runs);
  const result = resultOutcomeOf(runs);
  const score = result === 'NONE' ? 'NONE' : overallScoreOf(result);
  const completed = completedChecks(runs);
  const failed = runs.some((run) => run.status === 'FAILED');
  return {
    id: first.resultId,
    status,
    status_label: packageResultStatus.labels[status],
    overall_score: score,
    overall_score_label: overallScore.labels[score],
    red_flags: unique([
      ...completed.flatMap((check) => check.redFlags),
      ...(failed ? [PROVIDER_UNAVAILABLE_FLAG] : []),
    ]),
    green_flags: unique(completed.flatMap((check) => check.greenFlags)),
    result,
    result_label: checkResult.labels[result],
  };
}

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string): T[] => [
  ...new Map(items.map((item) => [key(item), item])).values(),
];

type Builder<F extends ResultObjectField> = (input: {
  runs: readonly FieldRun[];
  completed: SimulatedCheck[];
  ids: Ids;
}) => RecordResult<F>;

const baseOnly = ({ runs }: { runs: readonly FieldRun[] }): BaseResult => baseResultOf(runs);

/** Per result field: its base result with the details its checks found (so far, while some still run). */
const BUILDERS: { readonly [F in ResultObjectField]: Builder<F> } = {
  verification_result: (input) => verificationResult(input),
  instant_verify_result: ({ runs }) => instantVerifyResult(runs),
  information_result: baseOnly,
  behavioural_result: baseOnly,
  rcmp_result: baseOnly,
  social_media_check_result: baseOnly,
  soquij_result: baseOnly,
  reference_result: ({ runs, completed }) => ({
    ...baseResultOf(runs),
    references: detailsOfKind(completed, 'references').flatMap((details) => details.references),
  }),
  risk_result: ({ runs, completed, ids }) => ({
    ...baseResultOf(runs),
    risk_evaluations: detailsOfKind(completed, 'risk')
      .flatMap((details) => details.risk_evaluations)
      .map((evaluation, index) => ({ id: ids(`risk_result.risk_evaluations[${index}]`), ...evaluation })),
  }),
  bureau_result: ({ runs, completed }) => {
    const [file] = detailsOfKind(completed, 'bureau');
    const base = baseResultOf(runs);
    if (!file) {
      return {
        ...base,
        description: null,
        total_debt: null,
        upgradable: false,
        ...emptyCreditFile(),
      };
    }
    const { kind: _kind, credit_score: _creditScore, ...extension } = file;
    return { ...base, ...extension };
  },
  international_criminal_record_check_result: ({ runs, completed }) => ({
    ...baseResultOf(runs),
    countries: detailsOfKind(completed, 'international_criminal').flatMap((details) =>
      details.countries.map((country) => ({
        country: country.country,
        status: 'COMPLETE' as const,
        result: country.result,
        result_label: checkResult.labels[country.result],
      })),
    ),
  }),
  motor_vehicle_record_result: ({ runs, completed }) => {
    const [record] = detailsOfKind(completed, 'motor_vehicle');
    return {
      ...baseResultOf(runs),
      license_status: record?.license_status ?? null,
      license_class: record?.license_class ?? null,
      license_expiry_date: record?.license_expiry_date ?? null,
      violations: [...(record?.violations ?? [])],
    };
  },
  us_criminal_record_check_result: ({ runs, completed }) => {
    const found = detailsOfKind(completed, 'us_criminal');
    const scansOf = (wanted: (run: FieldRun) => boolean) =>
      runs.filter(wanted).flatMap((run) => US_SCANS_BY_CHECK[run.checkName as UsCheckName] ?? []);
    const complete = new Set(scansOf((run) => run.status === 'COMPLETE'));
    const outstanding = new Set(scansOf((run) => run.status !== 'COMPLETE'));
    return {
      ...baseResultOf(runs),
      // The same case, trace or court search found by several checks is reported once.
      criminal_cases: uniqueBy(
        found.flatMap((details) => details.criminal_cases),
        (item) => `${item.court.court}|${item.number}`,
      ),
      ssn_id_document_reports: uniqueBy(
        found.flatMap((details) => details.ssn_id_document_reports),
        (item) => JSON.stringify(item),
      ),
      scan_status: Object.fromEntries(
        SCAN_NAMES.map((scan) => [
          scan,
          complete.has(scan) ? 'Complete' : outstanding.has(scan) ? 'Incomplete' : 'Not requested',
        ]),
      ) as RecordResult<'us_criminal_record_check_result'>['scan_status'],
      record_check_requests: uniqueBy(
        found.flatMap((details) => details.record_check_requests),
        (item) => [item.search_type, item.state, item.county, item.district].join('|'),
      ),
    };
  },
  vaccination_check_result: ({ runs, completed }) => {
    const [proof] = detailsOfKind(completed, 'vaccination');
    return { ...baseResultOf(runs), vaccinated: proof?.vaccinated ?? null, proof_date: proof?.proof_date ?? null };
  },
  right_to_work_result: ({ runs, completed }) => rightToWork(runs, completed),
  uk_right_to_work_check_result: ({ runs, completed }) => rightToWork(runs, completed),
  uk_basic_dbs_check_result: ({ runs, completed }) => withCertificate(runs, completed),
  uk_basic_ds_check_result: ({ runs, completed }) => withCertificate(runs, completed),
  australian_criminal_intelligence_commission_check_result: ({ runs, completed }) => {
    const { certificate, ...base } = withCertificate(runs, completed);
    return { ...base, certificate: { url: certificate.url, issued_date: certificate.issued_date } };
  },
};

function rightToWork(
  runs: readonly FieldRun[],
  completed: readonly SimulatedCheck[],
): RecordResult<'right_to_work_result'> {
  const [permission] = detailsOfKind(completed, 'right_to_work');
  return {
    ...baseResultOf(runs),
    document_type: permission?.document_type ?? null,
    permission_expiry_date: permission?.permission_expiry_date ?? null,
  };
}

function withCertificate(
  runs: readonly FieldRun[],
  completed: readonly SimulatedCheck[],
): RecordResult<'uk_basic_dbs_check_result'> {
  const [disclosure] = detailsOfKind(completed, 'disclosure');
  const certificate = disclosure?.certificate;
  return {
    ...baseResultOf(runs),
    certificate: {
      url: certificate?.url ?? null,
      issued_date: certificate?.issued_date ?? null,
      number: certificate?.number ?? null,
    },
  };
}

const VERIFICATION_CHECK_OF: { readonly [A in VerificationArea]: CheckName } = {
  employment: 'employment_verification',
  education: 'education_verification',
  credential: 'credential_verification',
};

/**
 * Outcome of one verification area: NONE when not requested or still running, UNABLE_TO_VERIFY when its provider
 * failed, else what the verifier found.
 */
export function verificationOfArea(area: VerificationArea, runs: readonly FieldRun[]): VerificationValue {
  const run = runs.find((candidate) => candidate.checkName === VERIFICATION_CHECK_OF[area]);
  if (!run || !isFinished(run)) return 'NONE';
  if (run.status === 'FAILED' || !run.simulated || run.simulated.details.kind !== 'verification')
    return 'UNABLE_TO_VERIFY';
  return run.simulated.details.verification;
}

/**
 * All verifications together: NONE when none is known yet, UNABLE_TO_VERIFY when no verifier answered, else as
 * `combinedVerification` with an unanswered area counting as not verified.
 */
function overallVerification(known: readonly VerificationValue[]): VerificationValue {
  if (known.length === 0) return 'NONE';
  if (known.every((value) => value === 'UNABLE_TO_VERIFY')) return 'UNABLE_TO_VERIFY';
  return combinedVerification(known.map((value) => (value === 'UNABLE_TO_VERIFY' ? 'NOT_VERIFIED' : value)));
}

/** Prefix of the id purposes of the verification sub-results. */
const SUB_RESULTS = 'verification_result';

function verificationResult({
  runs,
  completed,
  ids,
}: {
  runs: readonly FieldRun[];
  completed: SimulatedCheck[];
  ids: Ids;
}): RecordResult<'verification_result'> {
  const areas = detailsOfKind(completed, 'verification');
  const subResult = <
    E extends { outcome: SimulatedOutcome; red_flags: readonly string[]; green_flags: readonly string[] },
  >(
    entry: E,
    purpose: string,
  ) => ({
    id: ids(purpose),
    status: 'COMPLETE' as const,
    status_label: packageResultStatus.labels.COMPLETE,
    overall_score: overallScoreOf(entry.outcome),
    overall_score_label: overallScore.labels[overallScoreOf(entry.outcome)],
    red_flags: [...entry.red_flags],
    green_flags: [...entry.green_flags],
    result: entry.outcome,
    result_label: checkResult.labels[entry.outcome],
  });
  const employment = verificationOfArea('employment', runs);
  const education = verificationOfArea('education', runs);
  const credential = verificationOfArea('credential', runs);
  const known = [employment, education, credential].filter((value) => value !== 'NONE');
  return {
    ...baseResultOf(runs),
    employment_verification: employment,
    education_verification: education,
    credential_verification: credential,
    svc_verification: overallVerification(known),
    employer_verification_results: areas.flatMap((details) =>
      details.area === 'employment'
        ? details.entries.map((entry, index) => ({
            ...subResult(entry, `${SUB_RESULTS}.employer_verification_results[${index}]`),
            ...entry.verification,
          }))
        : [],
    ),
    education_verification_results: areas.flatMap((details) =>
      details.area === 'education'
        ? details.entries.map((entry, index) => ({
            ...subResult(entry, `${SUB_RESULTS}.education_verification_results[${index}]`),
            ...entry.verification,
          }))
        : [],
    ),
    credential_verification_results: areas.flatMap((details) =>
      details.area === 'credential'
        ? details.entries.map((entry, index) => ({
            ...subResult(entry, `${SUB_RESULTS}.credential_verification_results[${index}]`),
            ...entry.verification,
          }))
        : [],
    ),
  };
}

/** The instant verifications: one sub-result per requested check (null for the others). */
function instantVerifyResult(runs: readonly FieldRun[]): RecordResult<'instant_verify_result'> {
  const subResult = (checkName: CheckName) => {
    const own = runs.filter((run) => run.checkName === checkName);
    if (own.length === 0) return null;
    const [details] = detailsOfKind(completedChecks(own), 'instant_verification');
    return { base: baseResultOf(own), items: [...(details?.items ?? [])] };
  };
  const employment = subResult('instant_verify_employment');
  const education = subResult('instant_verify_education');
  const credential = subResult('instant_verify_credential');
  return {
    instant_verify_employment: employment && { ...employment.base, instant_verify_employment_result: employment.items },
    instant_verify_education: education && { ...education.base, instant_verify_education_result: education.items },
    instant_verify_credential: credential && {
      ...credential.base,
      instant_verification_credential_result: credential.items,
    },
  };
}

/** The result object of one field from the runs of its requested checks; null when none was requested. */
export function resultOfField<F extends ResultObjectField>(
  field: F,
  runs: readonly FieldRun[],
  ids: Ids,
): RecordResult<F> | null {
  if (runs.length === 0) return null;
  const builder: Builder<F> = BUILDERS[field];
  return builder({ runs, completed: completedChecks(runs), ids });
}
