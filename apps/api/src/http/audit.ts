import { recordAudit, type ApiPrincipal } from '@svc/db';
import type { Request, Response } from 'express';
import type { recordAudit as RecordAudit } from '@svc/db';

type EntityManager = Parameters<typeof RecordAudit>[0];
import { requestIdOf } from './request-id.js';

/** One line of the audit log for what an authenticated caller did to a record (logins, sessions, OAuth2 clients). */
export async function auditAction(
  manager: EntityManager,
  {
    principal,
    request,
    response,
    action,
    subjectType,
    subjectId,
  }: {
    principal: ApiPrincipal;
    request: Pick<Request, 'ip'>;
    response: Response;
    action: string;
    subjectType: string;
    subjectId: string;
  },
): Promise<void> {
  await recordAudit(manager, {
    partnerId: principal.partner.id,
    environment: principal.environment,
    actorUserId: principal.user.id,
    actorApiKeyId: principal.apiKeyId,
    action,
    subjectType,
    subjectId,
    ipAddress: request.ip ?? null,
    requestId: requestIdOf(response),
  });
}
