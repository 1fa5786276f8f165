import { checkExecutionStatus, type CheckName } from '@svc/contract';
import { applicationStateAfter, isCheckFinished, type ApplicationEvent, type ApplicationTransition } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { sealedColumnsOf, sealEntityColumn } from '../crypto/sealed-columns.js';
import { Applicant } from '../entities/applicant.js';
import { CheckExecution } from '../entities/check-execution.js';
import { uuidv7 } from '../ids.js';
import { queryRows } from '../repositories/query-rows.js';
import { findExecutionsWithApplicants } from './sql.js';
import { documentKindsByApplicant } from './documents.js';

/** The checks whose provider looks at the applicant's uploaded documents. */
const IDENTITY_CHECKS: ReadonlySet<string> = new Set(['identity_verification', 'enhanced_identity_verification']);
import { readInformation, type StoredInformation } from './information.js';
import { applicationStateOf } from './state.js';

/**
 * The check runs of apps/worker (DESIGN.md section 6 and 9.7). Every function locks the row it changes
 * (`SELECT … FOR UPDATE`) in its own transaction and asks the domain's state machine first, so a re-delivered
 * `check.run` job changes nothing twice: a finished execution is not run again and its first outcome stands. Returning
 * the applicant with its report, once its checks are done, is `report-finalisation.ts`.
 *
 * `manager` is any EntityManager (`db.dataSource.manager`); each function opens its own transaction on it.
 */

/** What one attempt of a check runs on: the check, the applicant's information (decrypted) and where. */
export type CheckRun = {
  checkExecutionId: string;
  applicantId: string;
  checkName: CheckName;
  /** 1 for the first try, 2 for the first retry… (the execution's `attempts` after this start). */
  attempt: number;
  /** How many times a partner retried the check after it failed (0: its first run). */
  retries: number;
  /** The documents the applicant uploaded in the portal (`identity_document`, `selfie`, …), for identity checks. */
  collectedDocuments: readonly string[];
  /** The applicant's whole information, sensitive fields decrypted. Personal data: never log it. */
  information: StoredInformation;
  /** `position_or_property_location` of the order (an invitation: the owner's team's province). */
  location: Record<string, unknown> | null;
  /** The applicant's country (the location's, else the owner's team's). */
  country: string;
  /** Countries of the international criminal record check (order parameter `requested_countries`), if any. */
  requestedCountries: string[] | null;
  /** The report version this check was ordered for. */
  reportVersion: number;
  /** Who runs it (`simulator` or a configured provider's name), decided when it was ordered. */
  provider: string;
  /** The provider's reference once submitted and answering later; null before. */
  providerReference: string | null;
};

/** What recording an outcome did: `applied` the first time, `already_applied` for a finished execution. */
export type CheckRunRecorded = { applicantId: string; outcome: 'applied' | 'already_applied' };

type ExecutionWithApplicant = { execution: CheckExecution; applicant: Applicant };

/** Executions with their applicants, read in one statement (no lock: the writes that follow are conditional). */
async function executionsWithApplicants(
  manager: EntityManager,
  checkExecutionIds: readonly string[],
): Promise<Map<string, ExecutionWithApplicant>> {
  const pairs = await findExecutionsWithApplicants(manager, checkExecutionIds);
  return new Map(pairs.map((pair) => [pair.execution.id, pair]));
}

type ExecutionChanges = Partial<
  Pick<CheckExecution, 'status' | 'attempts' | 'startedAt' | 'finishedAt' | 'result' | 'failure'>
>;

/**
 * One conditional write: the execution as it was read (`seen`) and what to set; a finish also records its
 * `check.completed` event with the result's outcome code (`completion`).
 */
type ExecutionWrite = {
  seen: Pick<CheckExecution, 'id' | 'status' | 'attempts'>;
  changes: ExecutionChanges;
  completion?: { outcome: string | null };
};

/**
 * Writes each item's `changes` to its execution if that execution is still as it was read (same status and attempts),
 * all in one statement: the optimistic form of read-lock-write, and one round trip (and one commit) for a whole batch
 * of checks. Every item must change the same columns. Returns the ids written; an id missing was changed by another
 * delivery meanwhile (the caller reads it again). Items with a `completion` get their `check.completed` event in the
 * same statement (a data-modifying `WITH`), so an event exists if and only if its write does.
 */
async function updateExecutionsIfUnchanged(
  manager: EntityManager,
  writes: readonly ExecutionWrite[],
): Promise<Set<string>> {
  if (writes.length === 0) return new Set();
  const metadata = manager.connection.getMetadata(CheckExecution);
  const columns = Object.keys(writes[0]!.changes).map((property) => metadata.findColumnWithPropertyName(property)!);
  // The result and the failure are encrypted at rest, bound to their execution (SEALED_COLUMNS).
  const sealed = sealedColumnsOf(metadata);
  // One JSON parameter holds the batch (PostgreSQL and PGlite read it alike); the record's columns are typed as stored.
  // In id order, so that two workers writing overlapping batches (a redelivered job) lock their rows in the same order.
  const records = [...writes]
    .sort((a, b) => (a.seen.id < b.seen.id ? -1 : a.seen.id > b.seen.id ? 1 : 0))
    .map(({ seen, changes, completion }) => {
      const record: Record<string, unknown> = {
        id: seen.id,
        seen_status: seen.status,
        seen_attempts: seen.attempts,
        event_id: completion ? uuidv7() : null,
        event_outcome: completion?.outcome ?? null,
      };
      for (const column of columns) {
        record[column.databaseName] = sealed.includes(column)
          ? sealEntityColumn(metadata, column, { ...changes, id: seen.id })
          : (changes[column.propertyName as keyof ExecutionChanges] ?? null);
      }
      return record;
    });
  const definitions = columns.map((column) => `"${column.databaseName}" ${String(column.type)}`).join(', ');
  const assignments = columns.map((column) => `"${column.databaseName}" = v."${column.databaseName}"`).join(', ');
  // The event's data is the contract's `check.completed` shape: identifiers, the status and the outcome code only.
  const updated = await queryRows<{ id: string }>(
    manager,
    `WITH updated AS (
       UPDATE check_executions e SET ${assignments}, modified = now()
         FROM jsonb_to_recordset($1::jsonb)
           AS v(id uuid, seen_status text, seen_attempts integer, event_id uuid, event_outcome text, ${definitions})
        WHERE e.id = v.id AND e.status = v.seen_status AND e.attempts = v.seen_attempts
        RETURNING e.id, e.applicant_id, e.check_name, e.status, v.event_id, v.event_outcome
     ), recorded AS (
       INSERT INTO events (id, partner_id, environment, team_id, applicant_id, type, data)
       SELECT u.event_id, a.partner_id, a.environment, a.team_id, a.id, 'check.completed',
              jsonb_build_object('applicant_id', a.id, 'check_execution_id', u.id, 'check', u.check_name,
                                 'status', u.status, 'outcome', u.event_outcome)
         FROM updated u JOIN applicants a ON a.id = u.applicant_id
        WHERE u.event_id IS NOT NULL
        RETURNING 1
     )
     SELECT id FROM updated`,
    [JSON.stringify(records)],
  );
  return new Set(updated.map((row) => row.id));
}

/**
 * The state machine's answer to a check event: it reads only the applicant and the check the event names, so the
 * other executions are not loaded (finaliseApplicantIfDone reads them all).
 */
function checkTransition(
  applicant: Applicant,
  execution: CheckExecution,
  event: ApplicationEvent,
): ApplicationTransition {
  return applicationStateAfter(applicationStateOf(applicant, [execution]), event);
}

function requestedCountriesOf(applicant: Applicant): string[] | null {
  const countries = applicant.orderParameters?.requested_countries;
  return Array.isArray(countries) && countries.every((country) => typeof country === 'string')
    ? [...(countries as string[])]
    : null;
}

/** What an attempt of `execution` runs on (`attempt`: its number). */
export function checkRunOf(
  execution: CheckExecution,
  applicant: Applicant,
  attempt: number,
  collectedDocuments: readonly string[] = [],
): CheckRun {
  return {
    checkExecutionId: execution.id,
    applicantId: applicant.id,
    checkName: execution.checkName as CheckName,
    attempt,
    retries: execution.retries,
    collectedDocuments,
    information: readInformation(applicant),
    location: applicant.location,
    country: applicant.country,
    requestedCountries: requestedCountriesOf(applicant),
    reportVersion: execution.reportVersion,
    provider: execution.provider,
    providerReference: execution.providerReference,
  };
}

/**
 * Starts one attempt of each check: QUEUED (first try) or RUNNING (a retry, or a re-delivery after a crash) becomes
 * RUNNING with `attempts` + 1, the whole batch in two statements (one read, one conditional write) however many
 * checks it holds. Maps each id to what to run, or to null when there is nothing to run: the execution does not exist,
 * has finished already (a re-delivered job), still waits for the applicant, or was submitted to a provider that
 * answers later.
 */
export async function startCheckRuns({
  manager,
  checkExecutionIds,
  now,
}: {
  manager: EntityManager;
  checkExecutionIds: readonly string[];
  now: Date;
}): Promise<Map<string, CheckRun | null>> {
  const runs = new Map<string, CheckRun | null>();
  let pending = [...new Set(checkExecutionIds)];
  // Each round settles every id but those another delivery changed between the read and the write: read them again.
  while (pending.length > 0) {
    const found = await executionsWithApplicants(manager, pending);
    const claims: Array<ExecutionWithApplicant & { attempt: number }> = [];
    for (const id of pending) {
      const pair = found.get(id);
      const transition =
        pair &&
        checkTransition(pair.applicant, pair.execution, {
          type: 'check_started',
          checkName: pair.execution.checkName as CheckName,
        });
      // A check its provider took (it has a reference) waits for the provider's answer: it is not run again.
      if (pair && transition?.ok && !pair.execution.providerReference)
        claims.push({ ...pair, attempt: pair.execution.attempts + 1 });
      else runs.set(id, null);
    }
    const claimed = await updateExecutionsIfUnchanged(
      manager,
      claims.map(({ execution, attempt }) => ({
        seen: execution,
        changes: { status: 'RUNNING', attempts: attempt, startedAt: execution.startedAt ?? now },
      })),
    );
    pending = [];
    // Identity checks say only what the applicant's uploads allow: read their kinds, for those checks only.
    const documents = await documentKindsByApplicant(
      manager,
      claims
        .filter(({ execution }) => claimed.has(execution.id) && IDENTITY_CHECKS.has(execution.checkName))
        .map(({ applicant }) => applicant.id),
    );
    for (const { execution, applicant, attempt } of claims) {
      if (!claimed.has(execution.id)) {
        pending.push(execution.id);
        continue;
      }
      runs.set(execution.id, checkRunOf(execution, applicant, attempt, documents.get(applicant.id) ?? []));
    }
  }
  return runs;
}

/** `startCheckRuns` of one check. */
export async function startCheckRun({
  manager,
  checkExecutionId,
  now,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
}): Promise<CheckRun | null> {
  return (await startCheckRuns({ manager, checkExecutionIds: [checkExecutionId], now })).get(checkExecutionId) ?? null;
}

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

const FINISHED_CHECK_STATUSES = checkExecutionStatus.values.filter(isCheckFinished);

/**
 * The applicants of check executions whose reports are due: every one of its checks has finished and it is not
 * `Returned` (the state machine's condition for `report_rendered`), in one query without locks for a whole batch, so
 * the worker can ask after every check. Maps each such execution's id to its applicant's; an execution whose
 * applicant is not due (or that does not exist) is absent. `finaliseApplicantIfDone` asks again, locked.
 */
export async function applicantsAwaitingReport({
  manager,
  checkExecutionIds,
}: {
  manager: EntityManager;
  checkExecutionIds: readonly string[];
}): Promise<Map<string, string>> {
  const rows = await queryRows<{ execution_id: string; applicant_id: string }>(
    manager,
    `SELECT e.id AS execution_id, a.id AS applicant_id FROM check_executions e JOIN applicants a ON a.id = e.applicant_id
      WHERE e.id = ANY($1::uuid[]) AND a.status <> 'Returned'
        AND NOT EXISTS (SELECT 1 FROM check_executions other WHERE other.applicant_id = a.id AND other.status <> ALL($2))`,
    [checkExecutionIds, FINISHED_CHECK_STATUSES],
  );
  return new Map(rows.map((row) => [row.execution_id, row.applicant_id]));
}

/** `applicantsAwaitingReport` of one execution: its applicant's id when its report is due, else null. */
export async function applicantAwaitingReport({
  manager,
  checkExecutionId,
}: {
  manager: EntityManager;
  checkExecutionId: string;
}): Promise<string | null> {
  return (
    (await applicantsAwaitingReport({ manager, checkExecutionIds: [checkExecutionId] })).get(checkExecutionId) ?? null
  );
}
