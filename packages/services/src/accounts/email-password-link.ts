import { passwordLinkEmail } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { issuePasswordLink, PASSWORD_LINK_HOURS, type JobQueue } from '@svc/db';
import { queueOutboxMessages } from '../messages/outbox.js';

/**
 * Issues a set-password link for the user and queues its email through the outbox (sent by the worker's
 * `message.send`, through SMTP when configured), in the caller's transaction: the email goes out if and only if the
 * link is committed.
 */
export async function emailPasswordLink(
  manager: EntityManager,
  {
    jobs,
    user,
    linkOf,
    now,
  }: {
    jobs: JobQueue;
    user: { id: string; partnerId: string; email: string; firstName: string };
    /** The page where the token sets a password (the API's account pages). */
    linkOf: (token: string) => string;
    now: Date;
  },
): Promise<void> {
  const token = await issuePasswordLink(manager, { userId: user.id, now });
  const email = passwordLinkEmail({
    firstName: user.firstName,
    link: linkOf(token),
    hours: PASSWORD_LINK_HOURS,
  });
  await queueOutboxMessages(manager, {
    jobs,
    messages: [
      {
        partnerId: user.partnerId,
        environment: 'live',
        applicantId: null,
        channel: 'email',
        recipient: user.email,
        senderName: null,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
      },
    ],
  });
}
