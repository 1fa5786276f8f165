import { eraseApplicant } from '@svc/services';
import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';
import { idOrNotFound } from '../http/access.js';
import { auditActorOf } from '../http/audit.js';
import { principalOf } from '../http/auth.js';
import { AppError } from '../http/problem.js';
import { applicationScopeOf } from './application-orders.js';

/**
 * Deletes an applicant of the key's scope (HR and PM routes): erases their personal data and keeps the anonymous
 * record (`eraseApplicant`). An applicant erased before answers 204 again, so a retried DELETE succeeds; one outside
 * the scope answers 404.
 */
export async function eraseApplicantOfScope(
  deps: Deps,
  { kind, applicantId, req, res }: { kind: 'HR' | 'PM'; applicantId: string; req: Pick<Request, 'ip'>; res: Response },
): Promise<{ status: 204; body: undefined }> {
  const principal = principalOf(res);
  const outcome = await eraseApplicant({
    db: deps.db,
    scope: applicationScopeOf(principal, kind),
    applicantId: idOrNotFound(applicantId, 'Applicant'),
    actor: auditActorOf(principal, req, res),
    now: deps.now(),
  });
  if (outcome === 'not_found') throw AppError.notFound('Applicant');
  return { status: 204, body: undefined };
}
