import type { CheckName } from '@svc/contract';
import { applicationStateAfter } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { type Database, recordAudit, type AuditEntry } from '@svc/db';
import { enqueueCheckRuns } from '../jobs/check-run.js';
import type { ApplicationScope } from './order-rules.js';
import { applicationStateOf } from './state.js';
import { lockApplicantOfScope } from './lock-applicant.js';
import { Applicant, CheckExecution } from '@svc/db/entities';

/** Which check to retry: its execution's id, or its name (an applicant holds each check once). */
export type CheckToRetry = { executionId: string } | { checkName: CheckName };

/** Who asks, for the audit log. */
export type RetryActor = Pick<AuditEntry, 'actorUserId' | 'actorApiKeyId' | 'ipAddress' | 'requestId'>;

export type CheckRetryOutcome =
  | { ok: true; applicantId: string; checkName: CheckName }
  | { ok: false; refusal: 'applicant_not_found' | 'check_not_found' | 'applicant_erased' | 'application_cancelled' }
  | { ok: false; refusal: 'check_not_retryable'; message: string };

/** The audit log's action for a retry. */
export const CHECK_RETRIED_AUDIT_ACTION = 'check_retried';

/**
 * Runs a FAILED check again (the domain's `check_retried`): in one transaction, with the applicant locked, the
 * execution is QUEUED with its attempts reset, its failure cleared, `retries` + 1 and the next report version; the
 * applicant goes back to `Pending` / `IN_PROGRESS`; a `check.run` job is enqueued and the retry written to the audit
 * log. The worker then runs the check and, once every check has finished, renders the report again and returns the
 * applicant. Anything else refused changes nothing.
 */
export async function retryFailedCheck({
  db,
  jobs,
  scope,
  applicantId,
  check,
  actor,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  applicantId: string;
  check: CheckToRetry;
  actor: RetryActor;
  now: Date;
}): Promise<CheckRetryOutcome> {
  return db.transaction(async (manager) => {
    const { partnerId, environment } = scope;
    const locked = await lockApplicantOfScope(manager, { scope, applicantId });
    if (!locked) return { ok: false, refusal: 'applicant_not_found' };
    const { applicant, executions } = locked;
    const execution = executions.find((candidate) =>
      'executionId' in check ? candidate.id === check.executionId : candidate.checkName === check.checkName,
    );
    if (!execution) return { ok: false, refusal: 'check_not_found' };
    const checkName = execution.checkName as CheckName;
    const transition = applicationStateAfter(applicationStateOf(applicant, executions), {
      type: 'check_retried',
      checkName,
    });
    if (!transition.ok)
      return transition.refusal.code === 'applicant_erased' || transition.refusal.code === 'application_cancelled'
        ? { ok: false, refusal: transition.refusal.code }
        : { ok: false, refusal: 'check_not_retryable', message: transition.refusal.message };

    const reportVersion =
      Math.max(applicant.reportVersion, ...executions.map((candidate) => candidate.reportVersion)) + 1;
    Object.assign(execution, {
      status: 'QUEUED',
      attempts: 0,
      retries: execution.retries + 1,
      result: null,
      failure: null,
      queuedAt: now,
      startedAt: null,
      finishedAt: null,
      // A check that timed out at its provider starts over there: a new submission, reference and estimate.
      providerReference: null,
      submittedAt: null,
      providerDeadline: null,
      estimatedCompletionAt: null,
      reportVersion,
    } satisfies Partial<CheckExecution>);
    await manager.save(execution);
    Object.assign(applicant, {
      result: null,
      status: transition.state.status,
      reportStatus: transition.state.reportStatus,
      orderStatus: transition.state.orderStatus,
      lastUpdated: now,
    } satisfies Partial<Applicant>);
    await manager.save(applicant);
    await enqueueCheckRuns({ jobs, transaction: manager, checkExecutionIds: [execution.id] });
    await recordAudit(manager, {
      ...actor,
      partnerId,
      environment,
      action: `${CHECK_RETRIED_AUDIT_ACTION}:${checkName}`,
      subjectType: 'applicant',
      subjectId: applicantId,
    });
    return { ok: true, applicantId, checkName };
  });
}
