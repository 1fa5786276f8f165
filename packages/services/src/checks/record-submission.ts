import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { type Database, queryRows } from '@svc/db';
import { enqueueIdentityVerify } from '../jobs/identity-verify.js';
import { requestProviderCancels } from '../jobs/provider-cancel.js';
import { enqueueProviderCallback } from '../jobs/provider-callback.js';
import { scheduleProviderPoll } from '../jobs/provider-poll.js';

/**
 * Checks submitted to a provider that answers later (the Providers guide): they stay RUNNING with the provider's
 * reference, across restarts, until a poll or a callback brings the answer, or their deadline passes.
 */

/**
 * Records that the provider took the attempt `attempt` of a check and will answer later: its reference, when, its
 * deadline and its estimated completion, with the check's first `provider.poll` job at `firstPollAt`, in one
 * transaction. The estimate is the submission plus what svc learned of this provider and check
 * (`refreshCheckTurnarounds`), else `expectedTurnaroundMs` (the adapter's), and never past the deadline. False when
 * the execution is no longer RUNNING in that attempt (another delivery finished or restarted it): nothing is written,
 * but a check whose application was cancelled meanwhile is cancelled at the provider.
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
  identityJob = false,
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
  /** The check's `identity.verify` job, enqueued with the submission (`ProviderAdapter.verifiesInIdentityJob`). */
  identityJob?: boolean | undefined;
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
    if (updated.length === 0) {
      await cancelIfClosedMeanwhile(manager, { jobs, checkExecutionId, reference });
      return false;
    }
    await scheduleProviderPoll({ jobs, transaction: manager, checkExecutionId, startAfter: firstPollAt });
    if (simulatedCallback)
      await enqueueProviderCallback({
        jobs,
        transaction: manager,
        provider: simulatedCallback.provider,
        reference,
        startAfter: simulatedCallback.at,
      });
    if (identityJob) await enqueueIdentityVerify({ jobs, transaction: manager, checkExecutionId });
    return true;
  });
}

/**
 * A submission that came back after its application was cancelled (or erased) while the provider was being asked:
 * nothing recorded the reference, so the provider is told to stop the check here.
 */
async function cancelIfClosedMeanwhile(
  manager: EntityManager,
  { jobs, checkExecutionId, reference }: { jobs: PgBoss; checkExecutionId: string; reference: string },
): Promise<void> {
  const [closed] = await queryRows<{ provider: string }>(
    manager,
    `SELECT e.provider FROM check_executions e JOIN applicants a ON a.id = e.applicant_id
      WHERE e.id = $1 AND a.status IN ('Cancelled', 'Erased')`,
    [checkExecutionId],
  );
  if (closed)
    await requestProviderCancels({
      jobs,
      transaction: manager,
      checks: [{ checkExecutionId, provider: closed.provider, reference }],
    });
}
