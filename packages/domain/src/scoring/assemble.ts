import {
  checkResult,
  RESULT_OBJECT_FIELDS,
  type CheckName,
  type HrApplication,
  type IdentityVerification,
  type PmApplication,
  type ResultObjectField,
} from '@svc/contract';
import type { TeamType } from '../checks/catalogue.js';
import { assertNever } from '../exhaustive.js';
import {
  fieldRunsByCheck,
  isFinished,
  requestedCheckNames,
  scoresAreAvailable,
  runsOfField,
  type CheckRun,
  type FieldRun,
  type RequestedFlags,
} from './check-runs.js';
import { resultOfField, resultOutcomeOf, verificationOfArea, type Ids } from './field-results.js';
import { hrRiskScores, pmScores, riskLabel, svcScore, svcScoreLabel, tenancyLengthLabel } from './scores.js';
import { scoringSignals, type ScoringInformation, type ScoringSignals } from './signals.js';

/** Every field of the application record `assembleApplicationResults` computes, for HR and PM alike. */
export const APPLICATION_RESULT_FIELDS = [
  'result',
  'result_label',
  'svc_score',
  'svc_score_label',
  'employment_verification',
  'education_verification',
  'credential_verification',
  ...RESULT_OBJECT_FIELDS,
  'identity_verified',
  'employment_verified',
  'identity_verification',
  'enhanced_identity_verification',
  'manual_id_verification',
] as const satisfies readonly (keyof HrApplication & keyof PmApplication)[];

export const HR_APPLICATION_RESULT_FIELDS = [
  ...APPLICATION_RESULT_FIELDS,
  'high_risk_vulnerable_sector',
  'job_safety_undue_risk',
  'early_termination',
  'early_termination_label',
  'reliability_risk',
  'reliability_risk_label',
  'workplace_misconduct',
  'workplace_misconduct_label',
] as const satisfies readonly (keyof HrApplication)[];

export const PM_APPLICATION_RESULT_FIELDS = [
  ...APPLICATION_RESULT_FIELDS,
  'damage_to_property',
  'damage_to_property_label',
  'eviction_potential',
  'eviction_potential_label',
  'late_rent_potential',
  'late_rent_potential_label',
  'tenancy_length',
  'tenancy_length_label',
] as const satisfies readonly (keyof PmApplication)[];

export type ApplicationResults = Pick<HrApplication, (typeof APPLICATION_RESULT_FIELDS)[number]>;
export type HrApplicationResults = Pick<HrApplication, (typeof HR_APPLICATION_RESULT_FIELDS)[number]>;
export type PmApplicationResults = Pick<PmApplication, (typeof PM_APPLICATION_RESULT_FIELDS)[number]>;

export type AssembleApplicationResultsInput = {
  /** The runs of the application's checks (a requested check without a run counts as QUEUED). */
  readonly checks: readonly CheckRun[];
  readonly requestedFlags: RequestedFlags;
  readonly teamType: TeamType;
  /**
   * Ids of nested objects that have no check of their own, by a stable purpose (`risk_result.risk_evaluations[0]`,
   * `verification_result.employer_verification_results[1]`, `check_result:<check>` for a check without a run).
   * Derive them from the purpose (e.g. a UUIDv5 of the application id and the purpose) to keep them stable.
   */
  readonly ids: Ids;
  /** `created`/`modified` of the identity verifications when the runs do not say; today for tenure arithmetic. */
  readonly now: Date;
  /** The applicant's information: its address and employment history feed tenancy length and early termination. */
  readonly information?: ScoringInformation;
};

/** An identity verification object: N waiting, P running, then the provider's A/R/D; a failed provider is R. */
function identityVerificationOf(run: FieldRun | undefined, now: Date): IdentityVerification | null {
  if (!run) return null;
  const stamp = now.toISOString();
  const of = (
    status: IdentityVerification['status'],
    result: IdentityVerification['result'],
  ): IdentityVerification => ({
    id: run.resultId,
    created: run.created ?? stamp,
    modified: run.modified ?? stamp,
    status,
    result,
  });
  switch (run.status) {
    case 'WAITING_ON_CANDIDATE':
      return of('N', 'NONE');
    case 'QUEUED':
    case 'RUNNING':
      return of('P', 'NONE');
    case 'FAILED':
      return of('R', 'REVIEW');
    case 'COMPLETE':
      return run.simulated?.details.kind === 'identity'
        ? of(run.simulated.details.status, run.simulated.outcome)
        : of('R', 'REVIEW');
    default:
      return assertNever(run.status, 'check execution status');
  }
}

/**
 * Whether the first (current) employer was confirmed by the employment verification or its instant form: null until
 * one of them finished (neither ordered, or still running: nobody determined it).
 */
function currentEmploymentVerified(runs: ReadonlyMap<CheckName, FieldRun>): boolean | null {
  const finished = [runs.get('employment_verification'), runs.get('instant_verify_employment')].filter(
    (run): run is FieldRun => run !== undefined && isFinished(run),
  );
  if (finished.length === 0) return null;
  return finished.some(({ simulated }) => {
    const details = simulated?.details;
    return (
      (details?.kind === 'verification' &&
        details.area === 'employment' &&
        details.entries[0]?.verification.svc_verification === 'VERIFIED') ||
      (details?.kind === 'instant_verification' && details.items[0]?.verification_status === 'VERIFIED')
    );
  });
}

/** Whether an identity verification approved the identity: null until one finished (none ordered, or still running). */
function identityVerified(verifications: readonly (IdentityVerification | null)[]): boolean | null {
  const decided = verifications.filter(
    (verification) => verification !== null && ['A', 'R', 'D'].includes(verification.status),
  );
  return decided.length === 0 ? null : decided.some((verification) => verification?.status === 'A');
}

/**
 * Undue risk to job safety: a criminal conviction or a suspended driving licence; null unless a criminal or driving
 * check completed (nobody looked).
 */
function jobSafetyUndueRisk(signals: ScoringSignals | null): boolean | null {
  if (!signals || (signals.outcomes.criminal === undefined && signals.driving === null)) return null;
  return signals.outcomes.criminal === 'NOT_CLEAR' || signals.driving?.suspended === true;
}

function commonResults({
  runs,
  ids,
  now,
  signals,
}: {
  runs: ReadonlyMap<CheckName, FieldRun>;
  ids: Ids;
  now: Date;
  signals: ScoringSignals | null;
}): ApplicationResults {
  const all = [...runs.values()];
  const result = resultOutcomeOf(all);
  const score = signals ? svcScore(signals, result) : null;
  const identity = identityVerificationOf(runs.get('identity_verification'), now);
  const enhanced = identityVerificationOf(runs.get('enhanced_identity_verification'), now);
  const results = Object.fromEntries(
    RESULT_OBJECT_FIELDS.map((field) => [field, resultOfField(field, runsOfField(field, runs), ids)]),
  ) as Pick<ApplicationResults, ResultObjectField>;
  return {
    result,
    result_label: checkResult.labels[result],
    svc_score: score,
    svc_score_label: svcScoreLabel(score),
    employment_verification: verificationOfArea('employment', all),
    education_verification: verificationOfArea('education', all),
    credential_verification: verificationOfArea('credential', all),
    ...results,
    identity_verified: identityVerified([identity, enhanced]),
    employment_verified: currentEmploymentVerified(runs),
    identity_verification: identity,
    enhanced_identity_verification: enhanced,
    // A manual review of identity documents is a person's decision, never computed here.
    manual_id_verification: null,
  };
}

/**
 * Every computed field of the application record from the runs of its checks: the result objects (null for a
 * field none of whose checks was requested), the identity verifications, the verification enums, the overall
 * `result` (the worst check; NONE while any check runs) and, once every check finished, the scores with their labels,
 * computed from the checks that completed (null and "Not scored" until then, and for good when none completed). Pure: the same runs give the same fields.
 */
export function assembleApplicationResults(
  input: AssembleApplicationResultsInput & { readonly teamType: 'HR' },
): HrApplicationResults;
export function assembleApplicationResults(
  input: AssembleApplicationResultsInput & { readonly teamType: 'PM' },
): PmApplicationResults;
export function assembleApplicationResults(
  input: AssembleApplicationResultsInput,
): HrApplicationResults | PmApplicationResults;
export function assembleApplicationResults({
  checks,
  requestedFlags,
  teamType,
  ids,
  now,
  information,
}: AssembleApplicationResultsInput): HrApplicationResults | PmApplicationResults {
  const requested = requestedCheckNames(requestedFlags, checks);
  const runs = fieldRunsByCheck({ requested, checks, ids });
  const all = [...runs.values()];
  const signals = scoresAreAvailable(all) ? scoringSignals({ runs: all, information, now }) : null;
  const common = commonResults({ runs, ids, now, signals });
  switch (teamType) {
    case 'HR': {
      const scores = signals ? hrRiskScores(signals) : null;
      return {
        ...common,
        // Said by ordering the vulnerable sector check; nothing tells otherwise, so it is never "no".
        high_risk_vulnerable_sector: requested.includes('vulnerable_sector_criminal_record_check') ? true : null,
        job_safety_undue_risk: jobSafetyUndueRisk(signals),
        early_termination: scores?.early_termination ?? null,
        early_termination_label: riskLabel(scores?.early_termination ?? null),
        reliability_risk: scores?.reliability_risk ?? null,
        reliability_risk_label: riskLabel(scores?.reliability_risk ?? null),
        workplace_misconduct: scores?.workplace_misconduct ?? null,
        workplace_misconduct_label: riskLabel(scores?.workplace_misconduct ?? null),
      };
    }
    case 'PM': {
      const scores = signals ? pmScores(signals) : null;
      return {
        ...common,
        damage_to_property: scores?.damage_to_property ?? null,
        damage_to_property_label: riskLabel(scores?.damage_to_property ?? null),
        eviction_potential: scores?.eviction_potential ?? null,
        eviction_potential_label: riskLabel(scores?.eviction_potential ?? null),
        late_rent_potential: scores?.late_rent_potential ?? null,
        late_rent_potential_label: riskLabel(scores?.late_rent_potential ?? null),
        tenancy_length: scores?.tenancy_length ?? null,
        tenancy_length_label: tenancyLengthLabel(scores?.tenancy_length ?? null),
      };
    }
    default:
      return assertNever(teamType, 'team type');
  }
}
