import { revokeOAuthClient, type Database, type Environment } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';

/**
 * Revokes an OAuth2 client of the partner (`oauth_client.revoked` in the audit log), in one transaction: its tokens
 * are refused from then on. Refused for a client the partner does not have.
 */
export async function withdrawOAuthClient(
  db: Database,
  {
    partnerId,
    environment,
    clientId,
    actor,
    now,
  }: { partnerId: string; environment: Environment; clientId: string; actor: AuditActor; now: Date },
): Promise<Outcome<null, 'client_not_found'>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    if (!(await revokeOAuthClient(transaction, { partnerId, clientId, now }))) return refuse('client_not_found');
    await auditBy(transaction, actor, {
      partnerId,
      environment,
      action: 'oauth_client.revoked',
      subjectType: 'oauth_client',
      subjectId: clientId,
    });
    return null;
  });
}
