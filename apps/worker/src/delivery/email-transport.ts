import type { OutboxDelivery } from '@svc/db';
import { createTransport } from 'nodemailer';

/** An email as the outbox holds it, ready to go out. */
export type OutgoingEmail = {
  to: string;
  senderName: string | null;
  subject: string;
  text: string;
  html: string | null;
};

/** Where emails go: an SMTP server, or nowhere but the outbox table (no SMTP configured). */
export type EmailTransport = {
  readonly delivery: OutboxDelivery;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/** Without SMTP_URL: the message stays in the outbox table (readable at /dev/outbox), marked delivered there. */
export const outboxEmailTransport: EmailTransport = { delivery: 'outbox', send: async () => {}, close: () => {} };

/**
 * Sends through the SMTP server of `url` (`smtp://user:pass@host:587`, `smtps://…`) from `from` (an address; the
 * display name is the message's sender name). Emails carry onboarding links (a credential) and personal data, so
 * they never cross the network in clear: `smtps://` is TLS from the first byte, and on `smtp://` the server must
 * offer STARTTLS or nothing is sent (nodemailer's `requireTLS`), unless `allowPlaintext` (SVC_SMTP_ALLOW_PLAINTEXT).
 * Timeouts stay far below the job's expiry, so a hung server fails the attempt instead of letting the job run twice.
 */
export function smtpEmailTransport({
  url,
  from,
  allowPlaintext = false,
}: {
  url: string;
  from: string;
  allowPlaintext?: boolean;
}): EmailTransport {
  const transport = createTransport({
    url,
    requireTLS: !allowPlaintext,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    delivery: 'smtp',
    async send({ to, senderName, subject, text, html }) {
      await transport.sendMail({
        from: senderName ? { name: senderName, address: from } : from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
      });
    },
    close: () => transport.close(),
  };
}
