import type { CancellationReason } from '@svc/contract';
import { cancelApplication, type ApplicantRecord } from '@svc/services';
import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';
import { idOrNotFound } from '../http/access.js';
import { auditActorOf } from '../http/audit.js';
import { principalOf } from '../http/auth.js';
import { AppError } from '../http/problem.js';
import { applicantErased, applicationScopeOf, recordOrNotFound } from './application-orders.js';

type CancellationRequest = {
  kind: 'HR' | 'PM';
  applicantId: string;
  reason: CancellationReason;
  req: Pick<Request, 'ip'>;
  res: Response;
};

/** Cancels an application of the key's scope (`POST …/cancel/`, HR and PM routes) and answers its record. */
export async function cancelApplicationOfScope(
  deps: Deps,
  { kind, applicantId, reason, req, res }: CancellationRequest,
): Promise<ApplicantRecord> {
  const principal = principalOf(res);
  const scope = applicationScopeOf(principal, kind);
  const id = idOrNotFound(applicantId, 'Applicant');
  const outcome = await cancelApplication({
    db: deps.db,
    jobs: deps.jobs,
    scope,
    applicantId: id,
    reason,
    actor: auditActorOf(principal, req, res),
    now: deps.now(),
  });
  switch (outcome) {
    case 'not_found':
      throw AppError.notFound('Applicant');
    case 'erased':
      throw applicantErased();
    case 'returned':
      throw AppError.conflict(
        'The application has returned: nothing is left to cancel. Erase the applicant (POST …/erase/) to delete their personal data.',
      );
    case 'cancelled':
    case 'already_cancelled':
      return recordOrNotFound(deps, { scope, applicantId: id });
    default:
      return outcome satisfies never;
  }
}

/**
 * Withdraws an application of the key's scope (`DELETE …/applicants/{id}/`, HR and PM routes): a cancellation with
 * `reason` `withdrawn`, answering 204 as the original service did. Withdrawing a cancelled or erased applicant again
 * answers 204 (a retried DELETE succeeds); a returned one 409, since a DELETE there used to erase and now would not.
 */
export async function withdrawApplicationOfScope(
  deps: Deps,
  { kind, applicantId, req, res }: Omit<CancellationRequest, 'reason'>,
): Promise<{ status: 204; body: undefined }> {
  const principal = principalOf(res);
  const outcome = await cancelApplication({
    db: deps.db,
    jobs: deps.jobs,
    scope: applicationScopeOf(principal, kind),
    applicantId: idOrNotFound(applicantId, 'Applicant'),
    reason: 'withdrawn',
    actor: auditActorOf(principal, req, res),
    now: deps.now(),
  });
  if (outcome === 'not_found') throw AppError.notFound('Applicant');
  if (outcome === 'returned')
    throw AppError.conflict(
      'The application has returned: nothing is left to withdraw. Erase the applicant (POST …/erase/) to delete their personal data.',
    );
  return { status: 204, body: undefined };
}
