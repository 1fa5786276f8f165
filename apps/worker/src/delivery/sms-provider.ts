import type { OutboxDelivery } from '@svc/db';

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

export const outboxSmsProvider: SmsProvider = { delivery: 'outbox', send: async () => {} };
