import { findUser, type Database, type JobQueue } from '@svc/db';
import { emailPasswordLink } from '../accounts/email-password-link.js';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';

/**
 * Emails an active user of the partner a set-password link (`password_link.sent` in the audit log), in one
 * transaction. Refused for a user the partner does not have, or an inactive one (who cannot log in).
 */
export async function sendUserPasswordLink(
  db: Database,
  {
    jobs,
    partnerId,
    userId,
    linkOf,
    actor,
    now,
  }: {
    jobs: JobQueue;
    partnerId: string;
    userId: string;
    /** The page where a set-password token sets a password (the API's account pages). */
    linkOf: (token: string) => string;
    actor: AuditActor;
    now: Date;
  },
): Promise<Outcome<null, 'user_not_found' | 'user_inactive'>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    const user = await findUser(transaction, { partnerId, userId });
    if (!user) return refuse('user_not_found');
    if (!user.isActive) return refuse('user_inactive');
    await emailPasswordLink(transaction, { jobs, user, linkOf, now });
    await auditBy(transaction, actor, {
      partnerId,
      environment: 'live',
      action: 'password_link.sent',
      subjectType: 'user',
      subjectId: userId,
    });
    return null;
  });
}
