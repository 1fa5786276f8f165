import { managerOf, type DbHandle } from '@svc/db';
import { Applicant, CheckExecution } from '@svc/db/entities';
import type { ApplicationScope } from './order-rules.js';

/**
 * An applicant of the scope locked for update (`SELECT … FOR UPDATE`) in the caller's transaction, with its executions
 * (oldest first): what a change of its state (upgrade, retry, erasure) reads first. Null when not in the scope.
 */
export async function lockApplicantOfScope(
  handle: DbHandle,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<{ applicant: Applicant; executions: CheckExecution[] } | null> {
  const manager = managerOf(handle);
  const { partnerId, environment, kind, teamId } = scope;
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId, partnerId, environment, kind, ...(teamId === undefined ? {} : { teamId }) },
    lock: { mode: 'pessimistic_write' },
  });
  if (!applicant) return null;
  const executions = await manager.find(CheckExecution, {
    where: { applicantId },
    order: { created: 'ASC', id: 'ASC' },
  });
  return { applicant, executions };
}
