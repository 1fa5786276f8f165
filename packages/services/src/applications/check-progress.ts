import type { CheckName } from '@svc/contract';
import {
  applicationEstimatedCompletion,
  checkEstimatedCompletion,
  failureSentence,
  isSimulatedProvider,
} from '@svc/domain';
import type { CheckExecution } from '@svc/db/entities';

/** What the domain concludes of one check execution, as the record's and list items' `check_executions` show it. */
export type CheckProgress = {
  /** Whether the simulator produced its result. */
  simulated: boolean;
  /** Why it failed, in a sentence; null unless it failed. */
  failureReason: string | null;
  /** When it should be done; null when finished or waiting on the applicant. */
  estimatedCompletion: Date | null;
};

/** When a check should be done (`checkEstimatedCompletion`). */
const estimateOf = (execution: CheckExecution): Date | null =>
  checkEstimatedCompletion({
    checkName: execution.checkName as CheckName,
    status: execution.status,
    queuedAt: execution.queuedAt,
    providerEstimate: execution.estimatedCompletionAt,
  });

/** Where one check execution stands: simulated or not, why it failed, when it should be done. */
export const checkProgressOf = (execution: CheckExecution): CheckProgress => ({
  simulated: isSimulatedProvider(execution.provider),
  failureReason: execution.status === 'FAILED' ? failureSentence(execution.failure) : null,
  estimatedCompletion: estimateOf(execution),
});

/** When the application should be done: its last check's estimate; null when no check is under way. */
export const estimatedCompletionOf = (record: { executions: readonly CheckExecution[] }): Date | null =>
  applicationEstimatedCompletion(record.executions.map(estimateOf));
