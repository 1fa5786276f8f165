import type { CheckExecutionView } from '@svc/contract';
import type { CheckExecution } from '@svc/db';
import { failureSentence } from '@svc/domain';

/** The record's and list items' `check_executions`: each requested check, where it stands, and why it failed. */
export const presentCheckExecutions = (executions: readonly CheckExecution[]): CheckExecutionView[] =>
  executions.map((execution) => ({
    id: `check_exec_${execution.id}`,
    check_name: execution.checkName as CheckExecutionView['check_name'],
    status: execution.status,
    failure_reason: execution.status === 'FAILED' ? failureSentence(execution.failure) : null,
  }));
