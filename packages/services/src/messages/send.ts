import type { Logger } from '@svc/config';
import { managerOf, type Database, type OutboxDelivery } from '@svc/db';
import { markOutboxMessageSent, recordOutboxFailure, startOutboxDelivery } from './delivery.js';
import type { OutboxMessage } from '@svc/db/entities';

/** An email as the outbox holds it, ready to go out. */
export type OutgoingEmail = {
  to: string;
  senderName: string | null;
  subject: string;
  text: string;
  html: string | null;
};

/** Where emails go: an SMTP server, or nowhere but the outbox table (no SMTP configured): apps/worker's transports. */
export type EmailTransport = {
  readonly delivery: OutboxDelivery;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/** An SMS as the outbox holds it. */
export type OutgoingSms = { to: string; text: string };

/**
 * Where SMS go. A real provider (an HTTP API) implements `send`; none is reachable from here, so the default keeps
 * the SMS in the outbox table, marked delivered there, like emails without SMTP.
 */
export type SmsProvider = {
  readonly delivery: OutboxDelivery;
  send(sms: OutgoingSms): Promise<void>;
};

/** What sending a message needs from the worker. */
export type MessageSendContext = {
  db: Database;
  logger: Logger;
  now: () => Date;
  email: EmailTransport;
  sms: SmsProvider;
};

export type MessageSendOutcome = 'nothing_to_send' | 'sent' | 'failed';

/**
 * An SMTP server without STARTTLS, refused (apps/worker's SMTP transport throws it). Its message names only the
 * server and the setting (no address, no content): the message's last error and the worker's log may quote it whole.
 */
export class StartTlsUnavailableError extends Error {
  override readonly name = 'StartTlsUnavailableError';
  readonly code = 'ETLS';
}

/**
 * Why an attempt failed, without personal data: the error's code or SMTP status, never its message (it may quote an
 * address), but for svc's own refusal of a server without STARTTLS, which names the server and the setting only.
 */
export function failureReasonOf(error: unknown): string {
  if (error instanceof StartTlsUnavailableError) return error.message;
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [
    typeof code === 'string' ? code : null,
    typeof responseCode === 'number' ? `smtp_${responseCode}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : error instanceof Error ? error.name : 'unknown_error';
}

/** An SMTP answer that refuses the message for good (5xx: no such mailbox, rejected), as nodemailer reports it. */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

async function deliver(context: MessageSendContext, message: OutboxMessage): Promise<'smtp' | 'outbox'> {
  if (message.channel === 'sms') {
    await context.sms.send({ to: message.recipient, text: message.textBody });
    return context.sms.delivery;
  }
  await context.email.send({
    to: message.recipient,
    senderName: message.senderName,
    subject: message.subject ?? '',
    text: message.textBody,
    html: message.htmlBody,
  });
  return context.email.delivery;
}

/**
 * Sends one outbox message (DESIGN.md 9.7: idempotent). A message that is not QUEUED (SENT, FAILED, unknown) is
 * left alone, so a SENT message is never sent twice. A failed attempt is rethrown for pg-boss to retry with back-off,
 * unless it was the last (`attempt.final`), which leaves the message FAILED. Either way the invitation (the applicant
 * and its link) stays, and can be sent again (`svc applicant resend-invitation`). Logs carry ids, channel and error
 * codes only.
 */
export async function sendOutboxMessage(
  context: MessageSendContext,
  {
    outboxMessageId,
    attempt,
    log: jobLogger,
  }: { outboxMessageId: string; attempt: { retryCount: number; retryLimit: number }; log: Logger },
): Promise<MessageSendOutcome> {
  const manager = managerOf(context.db);
  const message = await startOutboxDelivery({ manager, outboxMessageId });
  if (!message) {
    jobLogger.info({ outbox_message_id: outboxMessageId }, 'message sent, failed or unknown already: nothing to send');
    return 'nothing_to_send';
  }
  const log = jobLogger.child({ outbox_message_id: message.id, channel: message.channel, attempt: message.attempts });
  try {
    const delivery = await deliver(context, message);
    await markOutboxMessageSent({ manager, outboxMessageId: message.id, delivery, now: context.now() });
    log.info({ delivery }, 'message sent');
    return 'sent';
  } catch (error) {
    const reason = failureReasonOf(error);
    const { retryCount, retryLimit } = attempt;
    // The mail server refused the recipient for good (SMTP 5xx): a bounce, which no retry changes.
    const bounced = isPermanentRefusal(error);
    const final = bounced || retryCount >= retryLimit;
    await recordOutboxFailure({
      manager,
      outboxMessageId: message.id,
      reason,
      final,
      bouncedAt: bounced ? context.now() : undefined,
    });
    if (!final) {
      log.warn(
        { reason, retry_count: retryCount, retry_limit: retryLimit },
        'message attempt failed: pg-boss retries it',
      );
      throw error;
    }
    log.error(
      { reason, retry_count: retryCount, retry_limit: retryLimit },
      'message failed on its last attempt: marked FAILED; the invitation can be resent',
    );
    return 'failed';
  }
}
