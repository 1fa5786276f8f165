import { checkNameOf, type RequestFlag } from '@svc/contract';
import {
  SIMULATOR_EXAMPLE_INFORMATION,
  SIMULATOR_EXAMPLE_LOCATION,
  assembleApplicationResults,
  simulateCheck,
  type CheckRun,
} from '@svc/domain';

/** The fields of a record an example takes from the real results assembly: the result, the indicators, every score. */
export const COMPUTED_RESULT_FIELDS = [
  'result',
  'result_label',
  'svc_score',
  'svc_score_label',
  'identity_verified',
  'employment_verified',
  'high_risk_vulnerable_sector',
  'job_safety_undue_risk',
  'early_termination',
  'early_termination_label',
  'reliability_risk',
  'reliability_risk_label',
  'workplace_misconduct',
  'workplace_misconduct_label',
  'damage_to_property',
  'damage_to_property_label',
  'eviction_potential',
  'eviction_potential_label',
  'late_rent_potential',
  'late_rent_potential_label',
  'tenancy_length',
  'tenancy_length_label',
] as const;

const NOW = new Date('2025-03-14T09:42:17Z');

/**
 * What svc computes for the docs' example applicant (the simulator's clear example, who uploaded the documents an
 * identity check compares) when the flags are ordered: the same code as the product, so an example never shows a
 * score its label, its result or the page "How results and scores are computed" contradicts.
 */
export function computedResultsFor(flags: readonly RequestFlag[], teamType: 'HR' | 'PM'): Record<string, unknown> {
  const checks = flags.map((flag): CheckRun => ({
    checkName: checkNameOf(flag),
    status: 'COMPLETE',
    resultId: '00000000-0000-4000-8000-000000000000',
    simulated: simulateCheck({
      checkName: checkNameOf(flag),
      information: SIMULATOR_EXAMPLE_INFORMATION,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
      collectedDocuments: ['identity_document', 'selfie'],
    }),
  }));
  const results: Record<string, unknown> = assembleApplicationResults({
    checks,
    requestedFlags: flags,
    teamType,
    ids: () => '00000000-0000-4000-8000-000000000000',
    now: NOW,
    information: SIMULATOR_EXAMPLE_INFORMATION,
  });
  return Object.fromEntries(
    COMPUTED_RESULT_FIELDS.filter((field) => field in results).map((field) => [field, results[field]]),
  );
}

/** Every application record in an example answer (one with `svc_score`) gets the computed result and scores. */
export function withComputedScores(answer: unknown, flags: readonly RequestFlag[], teamType: 'HR' | 'PM'): unknown {
  const records =
    typeof answer === 'object' && answer !== null && Array.isArray((answer as { results?: unknown }).results)
      ? ((answer as { results: unknown[] }).results as unknown[])
      : [answer];
  const computed = computedResultsFor(flags, teamType);
  for (const record of records) {
    if (typeof record !== 'object' || record === null || !('svc_score' in record)) continue;
    const target = record as Record<string, unknown>;
    for (const [field, value] of Object.entries(computed)) if (field in target) target[field] = value;
  }
  return answer;
}
