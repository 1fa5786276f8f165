import { findLoginCandidates, findUser, type Database, type JobQueue } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { emailPasswordLink } from './email-password-link.js';

/**
 * "Forgot password": emails a set-password link to each active user whose login is `email` (one per partner that
 * has it) and whom `withinLimit` lets have one more (so that nobody fills an inbox), each with its
 * `password_link.requested` audit line, in a transaction of its own. Answers nothing: the caller says the same
 * whether or not an account uses the email.
 */
export async function requestPasswordLinks(
  db: Database,
  {
    jobs,
    email,
    linkOf,
    withinLimit,
    from,
    now,
  }: {
    jobs: JobQueue;
    email: string;
    /** The page where a set-password token sets a password (the API's account pages). */
    linkOf: (token: string) => string;
    /** Whether the user may be sent one more link now (counts it). */
    withinLimit: (userId: string) => Promise<boolean>;
    from: Pick<AuditActor, 'ipAddress' | 'requestId'>;
    now: Date;
  },
): Promise<void> {
  for (const candidate of await findLoginCandidates(db, email)) {
    if (!candidate.isActive || !(await withinLimit(candidate.userId))) continue;
    await db.transaction(async (transaction) => {
      const user = await findUser(transaction, { partnerId: candidate.partnerId, userId: candidate.userId });
      if (!user) return;
      await emailPasswordLink(transaction, { jobs, user, linkOf, now });
      await auditBy(
        transaction,
        { ...from, actorUserId: null, actorApiKeyId: null },
        {
          partnerId: user.partnerId,
          environment: 'live',
          action: 'password_link.requested',
          subjectType: 'user',
          subjectId: user.id,
        },
      );
    });
  }
}
