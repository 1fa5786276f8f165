import { endSession, type Database } from '@svc/db';
import { auditUserAction, type UserActedOn } from '../audit.js';

/** Ends one session of a user (`session.ended` in the audit log), in one transaction; an ended one stays ended. */
export async function logOut(
  db: Database,
  { sessionId, now, ...user }: UserActedOn & { sessionId: string; now: Date },
): Promise<void> {
  await db.transaction(async (transaction) => {
    await endSession(transaction, { userId: user.userId, sessionId, now });
    await auditUserAction(transaction, user, 'session.ended');
  });
}
