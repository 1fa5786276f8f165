import type { SmsProvider } from '@svc/services';

export type { OutgoingSms, SmsProvider } from '@svc/services';

/** SMS kept in the outbox table, marked delivered there, like emails without SMTP: no SMS provider is reachable. */
export const outboxSmsProvider: SmsProvider = { delivery: 'outbox', send: async () => {} };
