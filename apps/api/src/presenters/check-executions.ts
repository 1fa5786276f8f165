import type { CheckExecutionView } from '@svc/contract';
import { checkProgressOf, estimatedCompletionOf } from '@svc/services';
import type { CheckExecution } from '@svc/db/entities';

/**
 * The record's and list items' `check_executions`: each requested check, where it stands, who produced its result
 * when, and why it failed.
 */
export const presentCheckExecutions = (executions: readonly CheckExecution[]): CheckExecutionView[] =>
  executions.map((execution) => {
    const progress = checkProgressOf(execution);
    return {
      id: `check_exec_${execution.id}`,
      check_name: execution.checkName as CheckExecutionView['check_name'],
      status: execution.status,
      provider: execution.provider,
      simulated: progress.simulated,
      submitted_at: execution.submittedAt ? execution.submittedAt.toISOString() : null,
      completed_at: execution.finishedAt ? execution.finishedAt.toISOString() : null,
      failure_reason: progress.failureReason,
      estimated_completion: progress.estimatedCompletion?.toISOString() ?? null,
    };
  });

/** The record's `estimated_completion`: its last check's. */
export const presentEstimatedCompletion = (executions: readonly CheckExecution[]): string | null =>
  estimatedCompletionOf({ executions })?.toISOString() ?? null;
