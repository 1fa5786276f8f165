import { queryRows, managerOf, type DbHandle } from '@svc/db';
import { checkRunOf, type CheckRun } from './check-run.js';
import { documentKindsByApplicant } from '../applications/document-kinds.js';
import { findExecutionsWithApplicants } from '../applications/sql.js';

/** A check waiting for its provider: what it runs on, its reference there, and by when the provider must answer. */
export type PendingCheck = { run: CheckRun; reference: string; submittedAt: Date; deadline: Date };

/** The check `checkExecutionId` if it is waiting for its provider (RUNNING with a reference), else null. */
export async function findPendingCheck(
  handle: DbHandle,
  { checkExecutionId }: { checkExecutionId: string },
): Promise<PendingCheck | null> {
  const manager = managerOf(handle);
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
  handle: DbHandle,
  { provider, reference }: { provider: string; reference: string },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    managerOf(handle),
    'SELECT id FROM check_executions WHERE provider = $1 AND provider_reference = $2',
    [provider, reference],
  );
  return row?.id ?? null;
}
