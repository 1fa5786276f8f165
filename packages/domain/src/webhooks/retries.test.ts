import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_MS, webhookAttemptDecision } from './retries.js';

const now = new Date('2026-01-10T12:00:00Z');
const decide = (statusCode: number | null, attempt: number, random = () => 0.5, failingSince = now) =>
  webhookAttemptDecision({ statusCode, attempt, failingSince, now, random });

describe('webhook retries', () => {
  it('follow the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then give up', () => {
    expect(WEBHOOK_RETRY_SCHEDULE_MS).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
    const delays = WEBHOOK_RETRY_SCHEDULE_MS.map((_, index) => decide(500, index + 1));
    expect(delays).toEqual(WEBHOOK_RETRY_SCHEDULE_MS.map((delayMs) => ({ kind: 'retry', delayMs })));
    expect(decide(500, 8)).toEqual({ kind: 'give_up' });
    expect(decide(null, 1)).toEqual({ kind: 'retry', delayMs: 5_000 });
  });

  it('spread each delay by at most 10% either way', () => {
    expect(decide(503, 2, () => 0)).toEqual({ kind: 'retry', delayMs: 270_000 });
    expect(decide(503, 2, () => 0.999_999)).toMatchObject({ delayMs: expect.closeTo(330_000, -1) });
  });

  it('deliver on any 2xx, turn the endpoint off on 410 Gone or after three days of failures', () => {
    expect(decide(204, 1)).toEqual({ kind: 'delivered' });
    expect(decide(410, 1)).toEqual({ kind: 'disable', reason: 'gone' });
    const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000);
    expect(decide(500, 3, () => 0.5, threeDaysAgo)).toEqual({ kind: 'disable', reason: 'failing' });
    expect(decide(500, 3, () => 0.5, new Date(threeDaysAgo.getTime() + 1))).toMatchObject({ kind: 'retry' });
  });
});
