import { apiKeyIdOf, recordAudit, type ApiPrincipal, type Environment } from '@svc/db';
import type { Request, Response } from 'express';
import { requestIdOf } from './request-id.js';

type EntityManager = Parameters<typeof recordAudit>[0];

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
  manager: EntityManager,
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
  await recordAudit(manager, {
    ...auditActorOf(principal, request, response),
    partnerId: principal.partner.id,
    environment,
    action,
    subjectType,
    subjectId,
  });
}
