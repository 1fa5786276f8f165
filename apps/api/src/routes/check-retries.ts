import { CHECK_NAMES, type CheckName } from '@svc/contract';
import { retryFailedCheck, type ApplicantRecord, type CheckToRetry } from '@svc/services';
import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';
import { idOrNotFound } from '../http/access.js';
import { auditActorOf } from '../http/audit.js';
import { principalOf } from '../http/auth.js';
import { AppError } from '../http/problem.js';
import { applicantErased, applicationCancelled, applicationScopeOf, recordOrNotFound } from './application-orders.js';

// What the HR and PM retry routes share: reading `check_id`, the retry, and its refusals as problems.

const EXECUTION_ID = /^check_exec_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** `check_id`: a `check_exec_<uuid>` of `check_executions`, or a check name; anything else is unknown (404). */
function checkToRetryOf(checkId: string): CheckToRetry {
  const execution = EXECUTION_ID.exec(checkId);
  if (execution) return { executionId: execution[1]!.toLowerCase() };
  if ((CHECK_NAMES as readonly string[]).includes(checkId)) return { checkName: checkId as CheckName };
  throw AppError.notFound('Check');
}

/** Retries the failed check of an applicant of the key's scope and answers its record (404 / 409 otherwise). */
export async function retryCheckOfApplicant(
  deps: Deps,
  {
    kind,
    params,
    req,
    res,
  }: {
    kind: 'HR' | 'PM';
    params: { applicant_id: string; check_id: string };
    req: Pick<Request, 'ip'>;
    res: Response;
  },
): Promise<ApplicantRecord> {
  const principal = principalOf(res);
  const scope = applicationScopeOf(principal, kind);
  const applicantId = idOrNotFound(params.applicant_id, 'Applicant');
  const outcome = await retryFailedCheck({
    db: deps.db,
    jobs: deps.jobs,
    scope,
    applicantId,
    check: checkToRetryOf(params.check_id),
    actor: auditActorOf(principal, req, res),
    now: deps.now(),
  });
  if (!outcome.ok) {
    switch (outcome.refusal) {
      case 'applicant_not_found':
        throw AppError.notFound('Applicant');
      case 'check_not_found':
        throw AppError.notFound('Check');
      case 'applicant_erased':
        throw applicantErased();
      case 'application_cancelled':
        throw applicationCancelled();
      case 'check_not_retryable':
        throw AppError.conflict(outcome.message, [
          {
            path: 'check_id',
            code: 'not_retryable',
            message: 'is not a FAILED check: only a failed check can be retried',
          },
        ]);
      default:
        return outcome satisfies never;
    }
  }
  return recordOrNotFound(deps, { scope, applicantId });
}
