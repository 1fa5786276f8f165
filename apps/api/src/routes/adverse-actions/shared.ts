import { apiKeyIdOf } from '@svc/db';
import { type AdverseActionActor, type AdverseActionChangeOutcome, type ApplicationScope } from '@svc/services';
import type { Request, Response } from 'express';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import { requestIdOf } from '../../http/request-id.js';
import { presentAdverseAction } from '../../presenters/adverse-action.js';
import { applicationScopeOf } from '../application-orders.js';

// What the adverse-action routes share: the HR scope of the key, the path ids, the actor, and refusals as problems.

/** The key's HR scope, the applicant's id and (when given) the action's; a malformed id is not found (404). */
export function adverseActionTarget(
  params: { applicant_id: string; action_id?: string },
  res: Response,
): { scope: ApplicationScope; applicantId: string; adverseActionId: string } {
  const scope = applicationScopeOf(principalOf(res), 'HR');
  const applicantId = idOrNotFound(params.applicant_id, 'Applicant');
  const adverseActionId = params.action_id === undefined ? '' : idOrNotFound(params.action_id, 'Adverse action');
  return { scope, applicantId, adverseActionId };
}

/** Who acts, for the audit log. */
export function adverseActionActorOf(req: Pick<Request, 'ip'>, res: Response): AdverseActionActor {
  const principal = principalOf(res);
  return {
    actorUserId: principal.user.id,
    actorApiKeyId: apiKeyIdOf(principal),
    ipAddress: req.ip ?? null,
    requestId: requestIdOf(res),
  };
}

/** A change's answer: the record, or its refusal as a problem. */
export function changedAdverseAction(outcome: AdverseActionChangeOutcome) {
  if (!outcome.ok) {
    if (outcome.refusal === 'not_found') throw AppError.notFound('Adverse action');
    throw AppError.conflict(outcome.message);
  }
  return { status: 200 as const, body: presentAdverseAction(outcome.view) };
}
