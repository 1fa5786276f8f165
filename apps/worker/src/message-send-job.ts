import {
  MESSAGE_SEND_OPTIONS,
  markOutboxMessageSent,
  messageSendPayloadSchema,
  recordOutboxFailure,
  startOutboxDelivery,
  type OutboxMessage,
} from '@svc/db';
import type { EmailTransport } from './delivery/email-transport.js';
import type { SmsProvider } from './delivery/sms-provider.js';
import type { JobContext, QueuedJob } from './job.js';
import { payloadProblems } from './job-logging.js';

/** What the `message.send` handler needs from its process. */
export type MessageSendContext = JobContext & {
  email: EmailTransport;
  sms: SmsProvider;
};

export type MessageSendJobOutcome = 'dropped' | 'nothing_to_send' | 'sent' | 'failed';

/** Why an attempt failed, without personal data: the error's code or SMTP status, never its message (it may quote an address). */
export function failureReasonOf(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [
    typeof code === 'string' ? code : null,
    typeof responseCode === 'number' ? `smtp_${responseCode}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : error instanceof Error ? error.name : 'unknown_error';
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
 * left alone, so a SENT message is never sent twice. A failed attempt is rethrown for pg-boss to retry with back-off;
 * the last one leaves the message FAILED. Either way the invitation (the applicant and its link) stays, and can be
 * sent again (`svc applicant resend-invitation`). Logs carry ids, channel and error codes only.
 */
export async function runMessageSendJob(context: MessageSendContext, job: QueuedJob): Promise<MessageSendJobOutcome> {
  const manager = context.db.dataSource.manager;
  const jobLogger = context.logger.child({ job_id: job.id, queue: 'message.send' });
  const payload = messageSendPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    jobLogger.error({ problems: payloadProblems(payload.error) }, 'message.send job dropped: invalid payload');
    return 'dropped';
  }
  const { outboxMessageId } = payload.data;
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
    const retryLimit = job.retryLimit ?? MESSAGE_SEND_OPTIONS.retryLimit;
    const final = job.retryCount >= retryLimit;
    await recordOutboxFailure({ manager, outboxMessageId: message.id, reason, final });
    if (!final) {
      log.warn(
        { reason, retry_count: job.retryCount, retry_limit: retryLimit },
        'message attempt failed: pg-boss retries it',
      );
      throw error;
    }
    log.error(
      { reason, retry_count: job.retryCount, retry_limit: retryLimit },
      'message failed on its last attempt: marked FAILED; the invitation can be resent',
    );
    return 'failed';
  }
}
