import {
  createUser,
  EmailTakenError,
  findTeam,
  recordEvent,
  type Database,
  type JobQueue,
  type UserFields,
  type UserWithTeam,
} from '@svc/db';
import { emailPasswordLink } from '../accounts/email-password-link.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';
import { userEvent } from './events.js';

export type UserWriteRefusal = 'team_not_found' | 'email_taken';

/**
 * Creates a user in a team of the partner with its `user.created` event and, when active, emails them a set-password
 * link, in one transaction: the email goes out if and only if the user exists. Refused for a team the partner does not have, or an email
 * another user of the partner has.
 */
export async function addUser(
  db: Database,
  {
    jobs,
    partnerId,
    user,
    linkOf,
    now,
  }: {
    jobs: JobQueue;
    partnerId: string;
    user: UserFields;
    /** The page where a set-password token sets a password (the API's account pages). */
    linkOf: (token: string) => string;
    now: Date;
  },
): Promise<Outcome<UserWithTeam, UserWriteRefusal>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    if (!(await findTeam(transaction, { partnerId, teamId: user.teamId }))) return refuse('team_not_found');
    const written = await createUser(transaction, { partnerId, user }).catch((error: unknown) =>
      error instanceof EmailTakenError ? refuse('email_taken') : Promise.reject(error),
    );
    await recordEvent(transaction, userEvent('user.created', written));
    if (written.isActive) await emailPasswordLink(transaction, { jobs, user: written, linkOf, now });
    return written;
  });
}
