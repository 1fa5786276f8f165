import type { CheckName } from '@svc/contract';
import type { ApplicationState } from '@svc/domain';
import type { Applicant, CheckExecution } from '@svc/db/entities';

/** The part of an applicant and its executions the domain's state machine governs. */
export function applicationStateOf(
  applicant: Pick<Applicant, 'status' | 'reportStatus' | 'orderStatus'>,
  executions: readonly CheckExecution[],
): ApplicationState {
  return {
    status: applicant.status,
    reportStatus: applicant.reportStatus,
    orderStatus: applicant.orderStatus,
    checks: executions.map((execution) => ({ checkName: execution.checkName as CheckName, status: execution.status })),
  };
}
