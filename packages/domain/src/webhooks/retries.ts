/**
 * When a webhook delivery is tried again (the Standard Webhooks schedule): after the first attempt fails, 5 seconds,
 * 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours and 10 hours, about 28 hours in all; then it is given up.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** An endpoint that has failed every attempt for this long is turned off (and its partner admins told). */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 3_600_000;

/** Each delay is spread by up to this share either way, so the retries of many deliveries do not arrive together. */
export const WEBHOOK_RETRY_JITTER = 0.1;

/** What to do after one attempt. */
export type WebhookAttemptDecision =
  | { kind: 'delivered' }
  /** Try again after `delayMs`. */
  | { kind: 'retry'; delayMs: number }
  /** The schedule is spent: this delivery is given up (the endpoint stays on). */
  | { kind: 'give_up' }
  /** Turn the endpoint off: it answered 410 Gone, or has failed for three days. */
  | { kind: 'disable'; reason: 'gone' | 'failing' };

/**
 * The decision after attempt number `attempt` (1 for the first) answered `statusCode` (null: no answer). 2xx is
 * delivered; 410 turns the endpoint off at once; any other failure is retried on `schedule` (default the production
 * one) with jitter (`random` in [0, 1)), unless the endpoint has been failing since `failingSince` for three days.
 */
export function webhookAttemptDecision({
  statusCode,
  attempt,
  failingSince,
  now,
  schedule = WEBHOOK_RETRY_SCHEDULE_MS,
  random = Math.random,
}: {
  statusCode: number | null;
  attempt: number;
  /** When the endpoint's current run of failures began (this failure's time when none was running). */
  failingSince: Date;
  now: Date;
  schedule?: readonly number[];
  random?: () => number;
}): WebhookAttemptDecision {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'delivered' };
  if (statusCode === 410) return { kind: 'disable', reason: 'gone' };
  if (now.getTime() - failingSince.getTime() >= WEBHOOK_FAILING_DISABLE_MS)
    return { kind: 'disable', reason: 'failing' };
  const delay = schedule[attempt - 1];
  if (delay === undefined) return { kind: 'give_up' };
  const spread = 1 + WEBHOOK_RETRY_JITTER * (2 * random() - 1);
  return { kind: 'retry', delayMs: Math.round(delay * spread) };
}
