import { StartTlsUnavailableError, type EmailTransport } from '@svc/services';
import { createTransport } from 'nodemailer';

export { StartTlsUnavailableError, type EmailTransport, type OutgoingEmail } from '@svc/services';

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
      try {
        await transport.sendMail({
          from: senderName ? { name: senderName, address: from } : from,
          to,
          subject,
          text,
          ...(html ? { html } : {}),
        });
      } catch (error) {
        throw noStartTlsError(url, error) ?? error;
      }
    },
    close: () => transport.close(),
  };
}

/**
 * A server that refused STARTTLS (nodemailer: code `ETLS` on the `STARTTLS` command) while svc requires it: the error
 * says which server, why nothing was sent, and the setting an operator of a server on a trusted network may set,
 * within the 200 characters a message keeps of its last error.
 */
function noStartTlsError(url: string, error: unknown): StartTlsUnavailableError | null {
  const { code, command } = (error ?? {}) as { code?: unknown; command?: unknown };
  if (code !== 'ETLS' || command !== 'STARTTLS') return null;
  let server = 'the SMTP server';
  try {
    const parsed = new URL(url);
    server = `the SMTP server at ${parsed.hostname}:${parsed.port || '587'}`;
  } catch {
    // SMTP_URL was checked at boot; keep the generic name.
  }
  return new StartTlsUnavailableError(
    `${server} offers no STARTTLS and svc sends no email in clear: use smtps:// or a server with STARTTLS, or set SVC_SMTP_ALLOW_PLAINTEXT=1 for a server on a network you trust`,
    { cause: error },
  );
}
