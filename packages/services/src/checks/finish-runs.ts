import type { CheckName } from '@svc/contract';
import type { EntityManager } from 'typeorm';
import type { CheckRun, CheckRunRecorded } from './check-run.js';
import {
  checkTransition,
  executionsWithApplicants,
  updateExecutionsIfUnchanged,
  type ExecutionChanges,
} from './execution-writes.js';

/** What a check's attempt came to: the provider's answer, or why it could not be run. */
export type CheckOutcome =
  { status: 'COMPLETE'; result: Record<string, unknown> } | { status: 'FAILED'; failure: string };

/** What a `check.completed` event says of an outcome: the result's outcome code (`CLEAR`, `REVIEW`…), never more. */
const completionOf = (outcome: CheckOutcome): { outcome: string | null } => {
  const code = outcome.status === 'COMPLETE' ? outcome.result['outcome'] : null;
  return { outcome: typeof code === 'string' ? code : null };
};

/** The outcome of one check to record, and the attempt this worker started (if it started one). */
export type CheckRunFinish = { checkExecutionId: string; outcome: CheckOutcome; started?: StartedRun | undefined };

const finishedChanges = (outcome: CheckOutcome, now: Date): ExecutionChanges => ({
  status: outcome.status,
  result: outcome.status === 'COMPLETE' ? outcome.result : null,
  failure: outcome.status === 'FAILED' ? outcome.failure : null,
  finishedAt: now,
});

/**
 * Records the outcome of each check (QUEUED/RUNNING -> COMPLETE or FAILED); a finished execution is left alone
 * (`already_applied`: the first outcome stands). The attempts this worker started and that are still RUNNING in that
 * attempt (the usual case) are written in one statement for the whole batch: the state machine applies an outcome to
 * a running check whatever else holds. The others are read and written one by one, as the state machine decides.
 * Each finish gets its own answer, in the order of `finishes` (null: the execution does not exist), or its own
 * failure, so one execution the state machine refuses does not fail the others; the call fails as a whole only when
 * the batch's statement does.
 */
export async function finishCheckRuns({
  manager,
  finishes,
  now,
}: {
  manager: EntityManager;
  finishes: readonly CheckRunFinish[];
  now: Date;
}): Promise<Array<PromiseSettledResult<CheckRunRecorded | null>>> {
  const running = new Map<string, CheckRunFinish>();
  for (const finish of finishes)
    if (finish.started && !running.has(finish.checkExecutionId)) running.set(finish.checkExecutionId, finish);
  const written = await updateExecutionsIfUnchanged(
    manager,
    [...running.values()].map(({ checkExecutionId, outcome, started }) => ({
      seen: { id: checkExecutionId, status: 'RUNNING', attempts: started!.attempt },
      changes: finishedChanges(outcome, now),
      completion: completionOf(outcome),
    })),
  );
  const recorded: Array<PromiseSettledResult<CheckRunRecorded | null>> = [];
  for (const finish of finishes) {
    if (written.has(finish.checkExecutionId) && running.get(finish.checkExecutionId) === finish) {
      recorded.push({ status: 'fulfilled', value: { applicantId: finish.started!.applicantId, outcome: 'applied' } });
    } else {
      recorded.push(
        await finishOneCheckRun(manager, finish, now).then(
          (value) => ({ status: 'fulfilled', value }),
          (reason: unknown) => ({ status: 'rejected', reason }),
        ),
      );
    }
  }
  return recorded;
}

/** The slow path of `finishCheckRuns`: read the execution, ask the state machine, write if nothing changed meanwhile. */
async function finishOneCheckRun(
  manager: EntityManager,
  { checkExecutionId, outcome }: CheckRunFinish,
  now: Date,
): Promise<CheckRunRecorded | null> {
  for (;;) {
    const found = (await executionsWithApplicants(manager, [checkExecutionId])).get(checkExecutionId);
    if (!found) return null;
    const { execution, applicant } = found;
    const transition = checkTransition(applicant, execution, {
      type: outcome.status === 'COMPLETE' ? 'check_completed' : 'check_failed',
      checkName: execution.checkName as CheckName,
    });
    if (!transition.ok) throw new Error(`check execution ${execution.id} cannot finish: ${transition.refusal.code}`);
    if (transition.outcome === 'already_applied') return { applicantId: applicant.id, outcome: 'already_applied' };
    if (
      (
        await updateExecutionsIfUnchanged(manager, [
          { seen: execution, changes: finishedChanges(outcome, now), completion: completionOf(outcome) },
        ])
      ).has(execution.id)
    ) {
      return { applicantId: applicant.id, outcome: 'applied' };
    }
  }
}

function finishOneOf([answer]: Array<PromiseSettledResult<CheckRunRecorded | null>>): CheckRunRecorded | null {
  if (answer!.status === 'rejected') throw answer!.reason;
  return answer!.value;
}

/** The attempt a worker started (`startCheckRun`): lets it record the outcome without reading the execution again. */
export type StartedRun = Pick<CheckRun, 'applicantId' | 'attempt'>;

/**
 * Records what the provider returned: QUEUED/RUNNING -> COMPLETE with `result` (`finishCheckRuns` of one check). A
 * finished execution is left alone (`already_applied`: the first outcome stands). Null when the execution does not
 * exist.
 */
export async function completeCheckRun({
  manager,
  checkExecutionId,
  now,
  result,
  started,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  /** The provider's answer (JSON-serialisable), stored as the execution's `result`. */
  result: Record<string, unknown>;
  started?: StartedRun | undefined;
}): Promise<CheckRunRecorded | null> {
  return finishOneOf(
    await finishCheckRuns({
      manager,
      finishes: [{ checkExecutionId, outcome: { status: 'COMPLETE', result }, started }],
      now,
    }),
  );
}

/**
 * Records that a check could not be run (its retries ran out): QUEUED/RUNNING -> FAILED with `failure`, which the
 * report shows for review. A finished execution is left alone. Null when the execution does not exist.
 */
export async function failCheckRun({
  manager,
  checkExecutionId,
  now,
  failure,
  started,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  /** Why, for the report and support; no personal data. */
  failure: string;
  started?: StartedRun | undefined;
}): Promise<CheckRunRecorded | null> {
  return finishOneOf(
    await finishCheckRuns({
      manager,
      finishes: [{ checkExecutionId, outcome: { status: 'FAILED', failure }, started }],
      now,
    }),
  );
}
