import type { CheckExecutionView, CheckName } from '@svc/contract';
import {
  applicationEstimatedCompletion,
  checkEstimatedCompletion,
  failureSentence,
  isSimulatedProvider,
} from '@svc/domain';
import type { CheckExecution } from '@svc/db/entities';

/** When a check should be done (`checkEstimatedCompletion`). */
const estimateOf = (execution: CheckExecution): Date | null =>
  checkEstimatedCompletion({
    checkName: execution.checkName as CheckName,
    status: execution.status,
    queuedAt: execution.queuedAt,
    providerEstimate: execution.estimatedCompletionAt,
  });

/**
 * The record's and list items' `check_executions`: each requested check, where it stands, who produced its result
 * when, and why it failed.
 */
export const presentCheckExecutions = (executions: readonly CheckExecution[]): CheckExecutionView[] =>
  executions.map((execution) => ({
    id: `check_exec_${execution.id}`,
    check_name: execution.checkName as CheckExecutionView['check_name'],
    status: execution.status,
    provider: execution.provider,
    simulated: isSimulatedProvider(execution.provider),
    submitted_at: execution.submittedAt ? execution.submittedAt.toISOString() : null,
    completed_at: execution.finishedAt ? execution.finishedAt.toISOString() : null,
    failure_reason: execution.status === 'FAILED' ? failureSentence(execution.failure) : null,
    estimated_completion: estimateOf(execution)?.toISOString() ?? null,
  }));

/** The record's `estimated_completion`: its last check's. */
export const presentEstimatedCompletion = (executions: readonly CheckExecution[]): string | null =>
  applicationEstimatedCompletion(executions.map(estimateOf))?.toISOString() ?? null;
