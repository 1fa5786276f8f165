import { Webhook } from 'standardwebhooks';
import { eventSchema } from './schemas/event.js';
import type { EventRecord } from './schemas/event.js';

/** The Standard Webhooks headers of a delivery (any casing; extra headers are ignored). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

const headerOf = (headers: WebhookHeaders, name: string): string => {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = Array.isArray(entry?.[1]) ? entry[1][0] : entry?.[1];
  if (!value) throw new Error(`missing ${name} header`);
  return value;
};

/**
 * Verifies a webhook delivery from svc and answers its event, typed and checked against the contract: the signature
 * (any of the `v1,` signatures, with the endpoint's `whsec_…` secret), a timestamp within five minutes, and the body's
 * shape. Throws otherwise. `payload` is the raw body exactly as received (a string or Buffer), never re-serialised
 * JSON. Built on the `standardwebhooks` package, so it verifies what any Standard Webhooks library does.
 */
export function verifyWebhook({
  payload,
  headers,
  secret,
}: {
  payload: string | Buffer;
  headers: WebhookHeaders;
  secret: string;
}): EventRecord {
  const verified = new Webhook(secret).verify(payload, {
    'webhook-id': headerOf(headers, 'webhook-id'),
    'webhook-timestamp': headerOf(headers, 'webhook-timestamp'),
    'webhook-signature': headerOf(headers, 'webhook-signature'),
  });
  return eventSchema.parse(verified) as EventRecord;
}
