import type { HrApplication } from '@svc/contract';
import type { ApplicantRecord } from '@svc/services';
import type { Applicant } from '@svc/db/entities';
import { presentCheckExecutions } from './check-executions.js';

/**
 * Where the record's results come from: each check's provider and when it answered, and whether any of them is made
 * up by the simulator (always in demo). Records and list items show it alike.
 */
export function presentProvenance({
  applicant,
  executions,
}: Pick<ApplicantRecord, 'executions'> & { applicant: Pick<Applicant, 'environment'> }): Pick<
  HrApplication,
  'simulated' | 'check_executions'
> {
  const checks = presentCheckExecutions(executions);
  return {
    simulated: applicant.environment === 'demo' || checks.some((check) => check.simulated),
    check_executions: checks,
  };
}
