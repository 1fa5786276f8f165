import type { CheckName, HrApplication } from '@svc/contract';
import type { ApplicantRecord } from '@svc/db';
import { isSimulatedProvider } from '@svc/domain';

/**
 * Where the record's results come from: each check's provider and when it answered, and whether any of them is made
 * up by the simulator (always in demo). Records and list items show it alike.
 */
export function presentProvenance({
  applicant,
  executions,
}: Pick<ApplicantRecord, 'applicant' | 'executions'>): Pick<HrApplication, 'simulated' | 'check_executions'> {
  const checks = executions.map((execution) => ({
    id: `check_exec_${execution.id}`,
    check_name: execution.checkName as CheckName,
    status: execution.status,
    provider: execution.provider,
    simulated: isSimulatedProvider(execution.provider),
    submitted_at: execution.submittedAt ? execution.submittedAt.toISOString() : null,
    completed_at: execution.finishedAt ? execution.finishedAt.toISOString() : null,
  }));
  return {
    simulated: applicant.environment === 'demo' || checks.some((check) => check.simulated),
    check_executions: checks,
  };
}
