import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the HTTP provider protocol (the Providers guide): svc's requests to a provider and the provider's
 * callbacks carry `X-Svc-Timestamp` (Unix seconds) and `X-Svc-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`
 * under the provider's shared secret. A signature older or newer than `PROVIDER_SIGNATURE_TOLERANCE_SECONDS` is refused,
 * so a captured request cannot be replayed later.
 */
export const PROVIDER_SIGNATURE_TOLERANCE_SECONDS = 300;

const hmacOf = (secret: string, timestamp: string, body: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The two headers that sign `body` at `now`. */
export function signProviderMessage({ secret, body, now }: { secret: string; body: string; now: Date }): {
  'x-svc-timestamp': string;
  'x-svc-signature': string;
} {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { 'x-svc-timestamp': timestamp, 'x-svc-signature': `v1=${hmacOf(secret, timestamp, body).toString('hex')}` };
}

/** Whether the headers sign exactly `body` under `secret`, within the tolerance of `now`. */
export function isProviderMessageSigned({
  secret,
  body,
  timestamp,
  signature,
  now,
}: {
  secret: string;
  body: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  now: Date;
}): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > PROVIDER_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = hmacOf(secret, timestamp, body);
  // A provider may send several signatures, comma-separated: one matching is enough.
  return signature.split(',').some((part) => {
    const match = /^\s*v1=([0-9a-f]{64})\s*$/i.exec(part);
    return match !== null && timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
  });
}
