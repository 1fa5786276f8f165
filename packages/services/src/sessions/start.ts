import { issueAccessToken, type Database } from '@svc/db';
import { auditUserAction, type UserActedOn } from '../audit.js';

/** Starts a session of a user until `expiresAt` (`session.started` in the audit log), in one transaction; answers its token. */
export async function startSession(
  db: Database,
  { now, expiresAt, ...user }: UserActedOn & { now: Date; expiresAt: Date },
): Promise<{ token: string }> {
  return db.transaction(async (transaction) => {
    const issued = await issueAccessToken(transaction, { kind: 'session', userId: user.userId, now, expiresAt });
    await auditUserAction(transaction, user, 'session.started');
    return { token: issued.token };
  });
}
