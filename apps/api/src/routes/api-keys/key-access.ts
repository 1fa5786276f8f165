import type { ApiKeyScopeOfCaller, ApiPrincipal } from '@svc/db';
import type { Request, Response } from 'express';
import { auditAction } from '../../http/audit.js';
import { AppError } from '../../http/problem.js';
import type { ApiKey } from '@svc/db/entities';

/** The keys a caller manages: every key of its partner for a partner admin, its own user's keys otherwise. */
export const apiKeyScopeOf = (principal: ApiPrincipal): ApiKeyScopeOfCaller => ({
  partnerId: principal.partner.id,
  userId: principal.user.isPartnerAdmin ? undefined : principal.user.id,
});

/**
 * Issuing, rotating and revoking keys changes what live keys can do, so a demo (test) key may read keys but never
 * change them, as it may read the account hierarchy but not change it.
 */
export function requireLiveKeyForKeyWrites(principal: ApiPrincipal): void {
  if (principal.environment === 'demo') {
    throw new AppError({
      code: 'forbidden_in_demo',
      status: 403,
      detail: 'A demo key may list API keys but not issue, rotate or revoke them. Use a live key.',
    });
  }
}

export type ApiKeyAction =
  'api_key.created' | 'api_key.listed' | 'api_key.retrieved' | 'api_key.revoked' | 'api_key.rotated';

/** Writes a key operation to the audit log: who (user and key), when, from where, on which key. */
export async function auditKeyOperation(
  manager: Parameters<typeof auditAction>[0],
  {
    subject,
    ...operation
  }: {
    principal: ApiPrincipal;
    request: Pick<Request, 'ip'>;
    response: Response;
    action: ApiKeyAction;
    /** The key acted on; a list's subject is the partner. */
    subject: Pick<ApiKey, 'id' | 'environment'> | null;
  },
): Promise<void> {
  await auditAction(manager, {
    ...operation,
    subjectType: subject ? 'api_key' : 'partner',
    subjectId: subject?.id ?? operation.principal.partner.id,
    ...(subject ? { environment: subject.environment } : {}),
  });
}
