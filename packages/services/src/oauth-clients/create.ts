import { createOAuthClient, findUser, type Database, type Environment, type OAuthClientRecord } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';

/**
 * Registers an OAuth2 client of the partner acting for one of its users (`oauth_client.created` in the audit log), in
 * one transaction; the answer holds its secret, shown once. Refused for a user the partner does not have.
 */
export async function addOAuthClient(
  db: Database,
  {
    partnerId,
    environment,
    userId,
    name,
    actor,
  }: { partnerId: string; environment: Environment; userId: string; name: string; actor: AuditActor },
): Promise<Outcome<{ client: OAuthClientRecord; secret: string }, 'user_not_found'>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    if (!(await findUser(transaction, { partnerId, userId }))) return refuse('user_not_found');
    const created = await createOAuthClient(transaction, { partnerId, userId, name });
    await auditBy(transaction, actor, {
      partnerId,
      environment,
      action: 'oauth_client.created',
      subjectType: 'oauth_client',
      subjectId: created.client.id,
    });
    return created;
  });
}
