import { apiKeyIdOf, recordAudit, type ApiPrincipal, type DbHandle, type Environment } from '@svc/db';
import { recordPersonalDataReads, type PersonalDataRead } from '@svc/services';
import type { Request, Response } from 'express';
import { principalOf } from './auth.js';
import { requestIdOf } from './request-id.js';

/** Who did something, as the audit log names them: the caller's user and key, its address, the request's id. */
export const auditActorOf = (principal: ApiPrincipal, request: Pick<Request, 'ip'>, response: Response) => ({
  actorUserId: principal.user.id,
  actorApiKeyId: apiKeyIdOf(principal),
  ipAddress: request.ip ?? null,
  requestId: requestIdOf(response),
});

/**
 * One line of the audit log for what an authenticated caller did to a record (API keys, logins, sessions, OAuth2
 * clients): who (user and key), when, from where, on what. The environment is the caller's unless the record has one.
 */
export async function auditAction(
  db: DbHandle,
  {
    principal,
    request,
    response,
    action,
    subjectType,
    subjectId,
    environment = principal.environment,
  }: {
    principal: ApiPrincipal;
    request: Pick<Request, 'ip'>;
    response: Response;
    action: string;
    subjectType: string;
    subjectId: string;
    environment?: Environment;
  },
): Promise<void> {
  await recordAudit(db, {
    ...auditActorOf(principal, request, response),
    partnerId: principal.partner.id,
    environment,
    action,
    subjectType,
    subjectId,
  });
}

/**
 * Writes to the audit log the applicants whose full SIN/SSN or date of birth an answer carries (who, which applicants,
 * which fields, when, from where), before the answer is sent. Nothing for an answer that carries neither.
 */
export async function auditPersonalDataReads(
  db: DbHandle,
  {
    reads,
    request,
    response,
  }: { reads: readonly PersonalDataRead[]; request: Pick<Request, 'ip'>; response: Response },
): Promise<void> {
  if (reads.length === 0) return;
  const principal = principalOf(response);
  await recordPersonalDataReads(db, {
    reader: {
      ...auditActorOf(principal, request, response),
      partnerId: principal.partner.id,
      environment: principal.environment,
    },
    reads,
  });
}
