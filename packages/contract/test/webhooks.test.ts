import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../src/webhooks.js';

/** The test vector the Standard Webhooks specification publishes (the events guide quotes it). */
export const PUBLISHED_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1_614_265_330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const event = {
  id: '0195f3a8-8c9d-7b0e-9f1a-2b3c4d5e6f71',
  type: 'application.returned',
  created: '2025-03-14T09:26:53.589Z',
  environment: 'live',
  data: {
    applicant_id: '0195f3a2-7c41-7d2e-9b1a-3f6c8e2d4a17',
    application_id: '0195f3a2-7c41-7d2e-9b1a-3f6c8e2d4a10',
    report_version: 1,
    formats: ['web', 'pdf', 'link'],
    status: 'Returned',
    report_status: 'COMPLETE',
  },
};

describe('verifyWebhook (@svc/contract/webhooks)', () => {
  it('signs the published test vector as the specification says', () => {
    const { secret, id, timestamp, payload, signature } = PUBLISHED_VECTOR;
    expect(new Webhook(secret).sign(id, new Date(timestamp * 1000), payload)).toBe(signature);
  });

  it('answers the typed event of a delivery signed with the secret, and refuses anything else', () => {
    const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
    const payload = JSON.stringify(event);
    const now = new Date();
    const headers = {
      'Webhook-Id': event.id,
      'Webhook-Timestamp': String(Math.floor(now.getTime() / 1000)),
      'Webhook-Signature': `v1,bm90IGl0 ${new Webhook(secret).sign(event.id, now, payload)}`,
    };
    expect(verifyWebhook({ payload, headers, secret })).toEqual(event);
    expect(() => verifyWebhook({ payload: payload.replace('COMPLETE', 'IN_PROGRESS'), headers, secret })).toThrow();
    const otherSecret = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
    expect(() => verifyWebhook({ payload, headers, secret: otherSecret })).toThrow();
    const { 'Webhook-Id': _id, ...withoutId } = headers;
    expect(() => verifyWebhook({ payload, headers: withoutId, secret })).toThrow(/webhook-id/);
  });
});
