import { revokeApiKey, type ApiKeyScopeOfCaller, type Database } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';
import { recordApiKeyEvents } from './events.js';

/**
 * Revokes a key the caller may see, with its audit line and (unless it was revoked before) its `api_key.revoked`
 * event, in one transaction.
 */
export async function revokeKey(
  db: Database,
  { scope, keyId, actor, now }: { scope: ApiKeyScopeOfCaller; keyId: string; actor: AuditActor; now: Date },
): Promise<Outcome<null, 'key_not_found'>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    const revoked = await revokeApiKey(transaction, { ...scope, keyId, at: now });
    if (!revoked) return refuse('key_not_found');
    if (revoked.revokedNow) await recordApiKeyEvents(transaction, 'api_key.revoked', [revoked.apiKey]);
    await auditBy(transaction, actor, {
      partnerId: scope.partnerId,
      environment: revoked.apiKey.environment,
      action: 'api_key.revoked',
      subjectType: 'api_key',
      subjectId: revoked.apiKey.id,
    });
    return null;
  });
}
