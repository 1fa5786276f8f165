import type { PgBoss } from 'pg-boss';
import type { Database } from '../data-source.js';
import { queryRows } from '../repositories/query-rows.js';
import { checkRunOf, type CheckRun } from './check-runs.js';
import { documentKindsByApplicant } from './documents.js';
import { enqueueProviderCallback, scheduleProviderPoll } from './jobs.js';
import { findExecutionsWithApplicants } from './sql.js';
import type { EntityManager } from 'typeorm';

/**
 * Checks submitted to a provider that answers later (the Providers guide): they stay RUNNING with the provider's
 * reference, across restarts, until a poll or a callback brings the answer, or their deadline passes.
 */

/** A check waiting for its provider: what it runs on, its reference there, and by when the provider must answer. */
export type PendingCheck = { run: CheckRun; reference: string; submittedAt: Date; deadline: Date };

/**
 * Records that the provider took the attempt `attempt` of a check and will answer later: its reference, when, its
 * deadline and its estimated completion, with the check's first `provider.poll` job at `firstPollAt`, in one
 * transaction. The estimate is the submission plus what svc learned of this provider and check
 * (`refreshCheckTurnarounds`), else `expectedTurnaroundMs` (the adapter's), and never past the deadline. False when
 * the execution is no longer RUNNING in that attempt (another delivery finished or restarted it): nothing is written.
 */
export async function recordCheckSubmitted({
  db,
  jobs,
  checkExecutionId,
  attempt,
  reference,
  submittedAt,
  deadline,
  expectedTurnaroundMs,
  firstPollAt,
  simulatedCallback,
}: {
  db: Database;
  jobs: PgBoss;
  checkExecutionId: string;
  attempt: number;
  reference: string;
  submittedAt: Date;
  deadline: Date;
  expectedTurnaroundMs: number;
  firstPollAt: Date;
  /** A simulated provider's callback, scheduled with the submission: whose, and when. */
  simulatedCallback?: { provider: string; at: Date } | undefined;
}): Promise<boolean> {
  return db.transaction(async (manager) => {
    const updated = await queryRows<{ id: string }>(
      manager,
      `UPDATE check_executions e
          SET provider_reference = $2, submitted_at = $3, provider_deadline = $4, modified = now(),
              estimated_completion_at = LEAST($4::timestamptz, $3::timestamptz + make_interval(secs => COALESCE(
                (SELECT t.median_ms FROM check_turnarounds t WHERE t.check_name = e.check_name AND t.provider = e.provider),
                $6::bigint) / 1000.0))
        WHERE id = $1 AND status = 'RUNNING' AND attempts = $5 RETURNING id`,
      [checkExecutionId, reference, submittedAt, deadline, attempt, Math.round(expectedTurnaroundMs)],
    );
    if (updated.length === 0) return false;
    await scheduleProviderPoll({ jobs, transaction: manager, checkExecutionId, startAfter: firstPollAt });
    if (simulatedCallback)
      await enqueueProviderCallback({
        jobs,
        transaction: manager,
        provider: simulatedCallback.provider,
        reference,
        startAfter: simulatedCallback.at,
      });
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

/** Checks a provider answered within this many days teach svc its turnaround; fewer than the minimum teach nothing. */
const TURNAROUND_WINDOW_DAYS = 30;
const TURNAROUND_MIN_SAMPLES = 5;

/**
 * Learns each provider's turnaround per check from the checks it completed in the last 30 days (at least five): the
 * median from submission to answer, which later submissions' estimated completion uses. Run by the retention job.
 */
export async function refreshCheckTurnarounds(manager: EntityManager, now: Date): Promise<void> {
  await manager.query(
    `INSERT INTO check_turnarounds (check_name, provider, median_ms, samples, computed_at)
     SELECT check_name, provider,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - submitted_at) * 1000)),
            count(*), $1
       FROM check_executions
      WHERE submitted_at IS NOT NULL AND status = 'COMPLETE' AND finished_at >= $1::timestamptz - make_interval(days => $2)
      GROUP BY check_name, provider
     HAVING count(*) >= $3
     ON CONFLICT (check_name, provider)
     DO UPDATE SET median_ms = EXCLUDED.median_ms, samples = EXCLUDED.samples, computed_at = EXCLUDED.computed_at`,
    [now, TURNAROUND_WINDOW_DAYS, TURNAROUND_MIN_SAMPLES],
  );
}
