import { issuePasswordLink, PASSWORD_LINK_HOURS, queueOutboxMessages, type JobQueue } from '@svc/db';
import { passwordLinkEmail } from '@svc/domain';
import type { recordAudit as RecordAudit } from '@svc/db';

type EntityManager = Parameters<typeof RecordAudit>[0];

/** Where a set-password link leads: the account pages (account/index.ts). */
export const ACCOUNT_PATH = '/account';
export const setPasswordUrl = (baseUrl: string, token: string): string =>
  `${baseUrl}${ACCOUNT_PATH}/set-password/${encodeURIComponent(token)}`;

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
    baseUrl,
    now,
  }: {
    jobs: JobQueue;
    user: { id: string; partnerId: string; email: string; firstName: string };
    baseUrl: string;
    now: Date;
  },
): Promise<void> {
  const token = await issuePasswordLink(manager, { userId: user.id, now });
  const email = passwordLinkEmail({
    firstName: user.firstName,
    link: setPasswordUrl(baseUrl, token),
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
