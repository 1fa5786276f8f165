import type { PgBoss } from 'pg-boss';
import type { Database } from '../data-source.js';
import { queryRows } from '../repositories/query-rows.js';
import { checkRunOf, type CheckRun } from './check-runs.js';
import { documentKindsByApplicant } from './documents.js';
import { enqueueCheckRuns, scheduleProviderPoll } from './jobs.js';
import { findExecutionsWithApplicants } from './sql.js';
import type { EntityManager } from 'typeorm';

/**
 * Checks submitted to a provider that answers later (the Providers guide): they stay RUNNING with the provider's
 * reference, across restarts, until a poll or a callback brings the answer, or their deadline passes.
 */

/** A check waiting for its provider: what it runs on, its reference there, and by when the provider must answer. */
export type PendingCheck = { run: CheckRun; reference: string; submittedAt: Date; deadline: Date };

/**
 * Records that the provider took the attempt `attempt` of a check and will answer later: its reference, when, and
 * its deadline, with the check's first `provider.poll` job at `firstPollAt`, in one transaction. False when the
 * execution is no longer RUNNING in that attempt (another delivery finished or restarted it): nothing is written.
 */
export async function recordCheckSubmitted({
  db,
  jobs,
  checkExecutionId,
  attempt,
  reference,
  submittedAt,
  deadline,
  firstPollAt,
}: {
  db: Database;
  jobs: PgBoss;
  checkExecutionId: string;
  attempt: number;
  reference: string;
  submittedAt: Date;
  deadline: Date;
  firstPollAt: Date;
}): Promise<boolean> {
  return db.transaction(async (manager) => {
    const updated = await queryRows<{ id: string }>(
      manager,
      `UPDATE check_executions SET provider_reference = $2, submitted_at = $3, provider_deadline = $4, modified = now()
        WHERE id = $1 AND status = 'RUNNING' AND attempts = $5 RETURNING id`,
      [checkExecutionId, reference, submittedAt, deadline, attempt],
    );
    if (updated.length === 0) return false;
    await scheduleProviderPoll({ jobs, transaction: manager, checkExecutionId, startAfter: firstPollAt });
    return true;
  });
}

/** The check `checkExecutionId` if it is waiting for its provider (RUNNING with a reference), else null. */
export async function findPendingCheck(
  manager: EntityManager,
  { checkExecutionId }: { checkExecutionId: string },
): Promise<PendingCheck | null> {
  const [pair] = await findExecutionsWithApplicants(manager, [checkExecutionId]);
  if (!pair) return null;
  const { execution, applicant } = pair;
  if (execution.status !== 'RUNNING' || !execution.providerReference || !execution.submittedAt) return null;
  const documents = await documentKindsByApplicant(manager, [applicant.id]);
  return {
    run: checkRunOf(execution, applicant, execution.attempts, documents.get(applicant.id) ?? []),
    reference: execution.providerReference,
    submittedAt: execution.submittedAt,
    deadline: execution.providerDeadline ?? execution.submittedAt,
  };
}

/** The id of the check `provider` knows as `reference`, whatever its state; null when it knows none. */
export async function findCheckByProviderReference(
  manager: EntityManager,
  { provider, reference }: { provider: string; reference: string },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    manager,
    'SELECT id FROM check_executions WHERE provider = $1 AND provider_reference = $2',
    [provider, reference],
  );
  return row?.id ?? null;
}

/**
 * Sets a FAILED check up to run again (the retry of a failed check): QUEUED with no result, failure or provider
 * reference, its attempts counted from zero, and a `check.run` job, in one transaction. False when it is not FAILED.
 * The applicant's own state (back to `IN_PROGRESS` while the check runs again) is the caller's.
 */
export async function requeueFailedCheck({
  manager,
  jobs,
  checkExecutionId,
  now,
}: {
  /** A transaction: the caller changes the applicant's state in it too. */
  manager: EntityManager;
  jobs: PgBoss;
  checkExecutionId: string;
  now: Date;
}): Promise<boolean> {
  const updated = await queryRows<{ id: string }>(
    manager,
    `UPDATE check_executions SET status = 'QUEUED', attempts = 0, result = NULL, failure = NULL, started_at = NULL,
            finished_at = NULL, provider_reference = NULL, submitted_at = NULL, provider_deadline = NULL,
            queued_at = $2, modified = now()
      WHERE id = $1 AND status = 'FAILED' RETURNING id`,
    [checkExecutionId, now],
  );
  if (updated.length === 0) return false;
  await enqueueCheckRuns({ jobs, transaction: manager, checkExecutionIds: [checkExecutionId] });
  return true;
}
