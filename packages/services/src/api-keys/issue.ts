import { findUser, issueApiKey, type ApiKeyFields, type Database } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';
import { recordApiKeyEvents } from './events.js';
import type { ApiKey } from '@svc/db/entities';

/**
 * Issues an API key to a user of the partner, with its `api_key.created` event and audit line, in one transaction.
 * Refused for a user the partner does not have, or an inactive one (an inactive user holds no working key).
 */
export async function issueKey(
  db: Database,
  { partnerId, actor, key }: { partnerId: string; actor: AuditActor; key: ApiKeyFields },
): Promise<Outcome<{ secret: string; apiKey: ApiKey }, 'user_not_found' | 'user_inactive'>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    const user = await findUser(transaction, { partnerId, userId: key.userId });
    if (!user) return refuse('user_not_found');
    if (!user.isActive) return refuse('user_inactive');
    const issued = await issueApiKey(transaction, key);
    await recordApiKeyEvents(transaction, 'api_key.created', [issued.apiKey]);
    await auditBy(transaction, actor, {
      partnerId,
      environment: issued.apiKey.environment,
      action: 'api_key.created',
      subjectType: 'api_key',
      subjectId: issued.apiKey.id,
    });
    return issued;
  });
}
