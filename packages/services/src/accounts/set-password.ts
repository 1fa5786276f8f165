import { usePasswordLink, type Database } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';

/**
 * Sets a user's password with a set-password link, once (`password.set` in the audit log, the user as actor), in one
 * transaction. Null, and nothing changes, when the link is unknown, used, expired or its user inactive.
 */
export async function setPasswordWithLink(
  db: Database,
  {
    token,
    password,
    from,
    now,
  }: { token: string; password: string; from: Pick<AuditActor, 'ipAddress' | 'requestId'>; now: Date },
): Promise<{ userId: string } | null> {
  return db.transaction(async (transaction) => {
    const used = await usePasswordLink(transaction, { token, password, now });
    if (!used) return null;
    await auditBy(
      transaction,
      { ...from, actorUserId: used.userId, actorApiKeyId: null },
      {
        partnerId: used.partnerId,
        environment: 'live',
        action: 'password.set',
        subjectType: 'user',
        subjectId: used.userId,
      },
    );
    return { userId: used.userId };
  });
}
