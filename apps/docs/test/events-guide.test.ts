import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventSchema } from '@svc/contract';
import { EVENT_EXAMPLES, eventsGuide } from '../src/guides/events.js';

describe('the events guide', () => {
  it('shows an example of every event type, each parsing with the contract’s event schema', () => {
    for (const type of EVENT_TYPES) {
      expect(eventSchema.parse(EVENT_EXAMPLES[type])).toEqual(EVENT_EXAMPLES[type]);
      expect(EVENT_EXAMPLES[type].type).toBe(type);
      expect(eventsGuide.body).toContain(`id="${type}"`);
    }
  });

  it('gives the verification in TypeScript and Python, the retry schedule and the published test vector', () => {
    for (const text of ['verifyWebhook', 'from standardwebhooks.webhooks import Webhook', '10 h', 'g0hM9SsE+OTPJTGt'])
      expect(eventsGuide.body).toContain(text);
  });
});
