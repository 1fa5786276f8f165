import { applicationStateAfter, type ApplicationEvent, type ApplicationTransition } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { uuidv7, queryRows } from '@svc/db';
import { findExecutionsWithApplicants } from '../applications/sql.js';
import { applicationStateOf } from '../applications/state.js';
import { sealedColumnsOf, sealEntityColumn } from '@svc/db/crypto';
import { Applicant, CheckExecution } from '@svc/db/entities';

/**
 * What starting and finishing check runs share: the executions read with their applicants without locks, the state
 * machine's answer, and the conditional write of a whole batch (`updateExecutionsIfUnchanged`).
 */

export type ExecutionWithApplicant = { execution: CheckExecution; applicant: Applicant };

/** Executions with their applicants, read in one statement (no lock: the writes that follow are conditional). */
export async function executionsWithApplicants(
  manager: EntityManager,
  checkExecutionIds: readonly string[],
): Promise<Map<string, ExecutionWithApplicant>> {
  const pairs = await findExecutionsWithApplicants(manager, checkExecutionIds);
  return new Map(pairs.map((pair) => [pair.execution.id, pair]));
}

export type ExecutionChanges = Partial<
  Pick<CheckExecution, 'status' | 'attempts' | 'startedAt' | 'finishedAt' | 'result' | 'failure'>
>;

/**
 * One conditional write: the execution as it was read (`seen`) and what to set; a finish also records its
 * `check.completed` event with the result's outcome code (`completion`).
 */
export type ExecutionWrite = {
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
export async function updateExecutionsIfUnchanged(
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
  // The event's data is the contract's `check.completed` shape: identifiers (the order's own ones too), the status and
  // the outcome code only.
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
                                 'status', u.status, 'outcome', u.event_outcome,
                                 'external_id', a.external_id, 'metadata', coalesce(a.metadata, '{}'::jsonb))
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
export function checkTransition(
  applicant: Applicant,
  execution: CheckExecution,
  event: ApplicationEvent,
): ApplicationTransition {
  return applicationStateAfter(applicationStateOf(applicant, [execution]), event);
}
