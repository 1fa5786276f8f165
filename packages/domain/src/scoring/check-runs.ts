import { REQUEST_FLAGS, checkNameOf, type CheckName, type RequestFlag } from '@svc/contract';
import type { CheckExecutionStatus } from '../applications/state-machine.js';
import { checksFeeding, type ResultField } from '../checks/catalogue.js';
import type { SimulatedCheck, SimulatedDetails } from '../simulator/types.js';

/** One requested check as the worker recorded it. */
export type CheckRun = {
  readonly checkName: CheckName;
  readonly status: CheckExecutionStatus;
  /** What the provider returned; null until the check is COMPLETE. */
  readonly simulated: SimulatedCheck | null;
  /** Id of the result object(s) this check feeds (the first requested check of a field gives the field its id). */
  readonly resultId: string;
  /** When the check was created and last changed (ISO 8601); the identity verification objects carry them. Default: `now`. */
  readonly created?: string | null;
  readonly modified?: string | null;
};

/** The flags of an application, as a list or as the record's `request_*` booleans. */
export type RequestedFlags =
  readonly RequestFlag[] | Partial<Readonly<Record<RequestFlag, boolean | null | undefined>>>;

/** Red flag of a check whose provider never answered. */
export const PROVIDER_UNAVAILABLE_FLAG = 'Provider unavailable: check could not be completed';

/** A requested check where it stands, after `fieldRunsByCheck` (a COMPLETE run always has provider data). */
export type FieldRun = CheckRun;

export const isFinished = (run: FieldRun): boolean => run.status === 'COMPLETE' || run.status === 'FAILED';
/**
 * Whether scores can be computed: every check finished and at least one completed. Scores are computed from the
 * completed checks only; an application whose checks all failed has no score (null, "Not scored"), never a number
 * made of what nobody checked.
 */
export const scoresAreAvailable = (runs: readonly FieldRun[]): boolean =>
  runs.every(isFinished) && runs.some((run) => run.status === 'COMPLETE');

export const hasNotStarted = (run: FieldRun): boolean =>
  run.status === 'QUEUED' || run.status === 'WAITING_ON_CANDIDATE';

/** The requested checks, each once, in catalogue order: the flags given, and any check that has a run. */
export function requestedCheckNames(requestedFlags: RequestedFlags, checks: readonly CheckRun[]): CheckName[] {
  const flags = new Set<RequestFlag>(
    Array.isArray(requestedFlags)
      ? (requestedFlags as readonly RequestFlag[])
      : REQUEST_FLAGS.filter(
          (flag) => (requestedFlags as Partial<Record<RequestFlag, boolean | null | undefined>>)[flag] === true,
        ),
  );
  const withRuns = new Set(checks.map((check) => check.checkName));
  return REQUEST_FLAGS.map(checkNameOf).filter(
    (checkName) => flags.has(`request_${checkName}`) || withRuns.has(checkName),
  );
}

/**
 * The runs of every requested check, normalised: a requested check without a run is QUEUED (its result id comes
 * from `ids`), and a COMPLETE run without provider data (or with another check's) is FAILED.
 */
export function fieldRunsByCheck({
  requested,
  checks,
  ids,
}: {
  requested: readonly CheckName[];
  checks: readonly CheckRun[];
  ids: (purpose: string) => string;
}): Map<CheckName, FieldRun> {
  return new Map(
    requested.map((checkName) => {
      const run = checks.find((candidate) => candidate.checkName === checkName);
      if (!run)
        return [
          checkName,
          { checkName, status: 'QUEUED', simulated: null, resultId: ids(`check_result:${checkName}`) },
        ];
      const usable = run.simulated !== null && run.simulated.checkName === checkName;
      const status = run.status === 'COMPLETE' && !usable ? 'FAILED' : run.status;
      return [checkName, { ...run, status, simulated: status === 'COMPLETE' ? run.simulated : null }];
    }),
  );
}

/** The runs feeding one result field, in catalogue order (empty when none of its checks was requested). */
export function runsOfField(field: ResultField, runs: ReadonlyMap<CheckName, FieldRun>): FieldRun[] {
  return checksFeeding(field).flatMap((definition) => {
    const run = runs.get(definition.checkName);
    return run ? [run] : [];
  });
}

/** The provider data of the completed runs. */
export const completedChecks = (runs: readonly FieldRun[]): SimulatedCheck[] =>
  runs.flatMap((run) => (run.status === 'COMPLETE' && run.simulated ? [run.simulated] : []));

/** The details of one kind among some checks' answers. */
export function detailsOfKind<K extends SimulatedDetails['kind']>(
  checks: readonly SimulatedCheck[],
  kind: K,
): Extract<SimulatedDetails, { kind: K }>[] {
  return checks.flatMap((check) =>
    check.details.kind === kind ? [check.details as Extract<SimulatedDetails, { kind: K }>] : [],
  );
}
