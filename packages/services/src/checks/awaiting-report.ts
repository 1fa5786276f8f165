import { checkExecutionStatus } from '@svc/contract';
import { isCheckFinished } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { queryRows } from '@svc/db';

const FINISHED_CHECK_STATUSES = checkExecutionStatus.values.filter(isCheckFinished);

/**
 * The applicants of check executions whose reports are due: every one of its checks has finished and it is not
 * `Pending` (not returned, cancelled or erased: the state machine's condition for `report_rendered`), in one query without locks for a whole batch, so
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
      WHERE e.id = ANY($1::uuid[]) AND a.status = 'Pending'
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
