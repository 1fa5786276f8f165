import { endUserSessions, type Database } from '@svc/db';
import { auditUserAction, type UserActedOn } from '../audit.js';

/**
 * Ends every session of a user (`sessions.ended_all` in the audit log), in one transaction; answers the ids of the
 * sessions it ended, for the caller to forget.
 */
export async function logOutEverywhere(db: Database, { now, ...user }: UserActedOn & { now: Date }): Promise<string[]> {
  return db.transaction(async (transaction) => {
    const ended = await endUserSessions(transaction, { userId: user.userId, now });
    await auditUserAction(transaction, user, 'sessions.ended_all');
    return ended;
  });
}
