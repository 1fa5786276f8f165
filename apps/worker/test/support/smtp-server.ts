import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it: the envelope and the raw MIME. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback in the test process (no TLS, no auth). `rejectWith` makes it refuse every message
 * with that SMTP status (a mail server refusing for a while).
 */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  rejectWith(code: number | null): void;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let rejection: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejection !== null) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: rejection }));
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          from,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectWith: (code) => {
      rejection = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Splits a MIME entity into its (unfolded) headers, lower-cased, and its body. */
function entity(text: string): { headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = text.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

/** The headers of a received message and the decoded parts of its multipart/alternative body. */
export function parseMail(raw: string): {
  headers: Record<string, string>;
  parts: Array<{ contentType: string; body: string }>;
} {
  const message = entity(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers['content-type'] ?? '')?.[1];
  if (!boundary)
    return {
      headers: message.headers,
      parts: [
        {
          contentType: message.headers['content-type'] ?? '',
          body: decode(message.body, message.headers['content-transfer-encoding']),
        },
      ],
    };
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => entity(part.replace(/^\r?\n/, '')))
    .map((part) => ({
      contentType: part.headers['content-type'] ?? '',
      body: decode(part.body, part.headers['content-transfer-encoding']),
    }));
  return { headers: message.headers, parts };
}
