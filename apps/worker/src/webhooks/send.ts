import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicWebhookAddress, webhookUrlRefusal } from '@svc/domain';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import type { WebhookAnswer, WebhookMessage, WebhookSender } from '@svc/services';
import { activeTraceHeaders, inSpan, SpanKind } from '@svc/db/tracing';

export type { WebhookAnswer, WebhookMessage, WebhookSender } from '@svc/services';

/** How long an endpoint has to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The Standard Webhooks headers of a message: `webhook-signature` holds one `v1,<signature>` per secret (two during a
 * rotation's overlap), each made by the `standardwebhooks` package's `Webhook.sign`.
 */
export function webhookHeaders({ id, body, secrets, timestamp }: Omit<WebhookMessage, 'url'>): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'svc-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' '),
  };
}

/** The code of the error `publicAddressesOnly` fails a connection with. */
const REFUSED_ADDRESS = 'ERR_WEBHOOK_REFUSED_ADDRESS';

/**
 * `dns.lookup`, failing a name that resolves to any address a webhook may not reach (`isPublicWebhookAddress`: the
 * private ranges request-filtering-agent refuses too, and the IPv6 forms that embed an IPv4 address, which it takes
 * for public), when the connection opens.
 */
const publicAddressesOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, options as LookupOptions, (error, address: string | LookupAddress[], family?: number) => {
    if (error) return callback(error, '', 0);
    const found = Array.isArray(address) ? address : [{ address, family: family ?? 0 }];
    const refused = found.find((entry) => !isPublicWebhookAddress(entry.address));
    if (refused)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refused.address}, which a webhook may not reach`), {
          code: REFUSED_ADDRESS,
        }),
        '',
        0,
      );
    (callback as (error: null, address: string | LookupAddress[], family?: number) => void)(null, address, family);
  });
};

/**
 * Sends webhooks over HTTP(S), checking each delivery's URL again (`webhookUrlRefusal`): one with credentials is never
 * sent (`credentials_in_url`); unless `allowPrivate` (SVC_WEBHOOK_ALLOW_PRIVATE), plain `http:` is refused
 * (`https_required`), and so is an address that is private, loopback, link-local or an IPv6 form embedding an IPv4
 * address (`refused_address`), whether the URL names it or a name resolves to it when the connection opens (so a name
 * that resolves to a private address later, DNS rebinding, is refused then): `isPublicWebhookAddress`, the API's
 * rule, with request-filtering-agent's check of the address connected to besides. Connections are kept alive between
 * deliveries.
 */
export function createWebhookSender({
  allowPrivate,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  allowPrivate: boolean;
  timeoutMs?: number;
}): WebhookSender {
  const filtering = { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: false, keepAlive: true, maxSockets: 64 };
  const agents = { http: new RequestFilteringHttpAgent(filtering), https: new RequestFilteringHttpsAgent(filtering) };
  const sendOne = (message: WebhookMessage) =>
    new Promise<WebhookAnswer>((resolve) => {
      const started = performance.now();
      const answer = (statusCode: number | null, error: string | null) =>
        resolve({ statusCode, error, durationMs: Math.round(performance.now() - started) });
      const refusal = webhookUrlRefusal(message.url, { allowPrivate });
      if (refusal) return answer(null, refusal.code);
      const url = new URL(message.url);
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: (url.protocol === 'https:' ? agents.https : agents.http) as Agent,
        headers: {
          ...webhookHeaders(message),
          // The trace context of the delivery's span (none while tracing is off): the receiver may continue it.
          ...activeTraceHeaders(),
          'content-length': String(Buffer.byteLength(message.body)),
        },
        timeout: timeoutMs,
        ...(allowPrivate ? {} : { lookup: publicAddressesOnly }),
      });
      request.on('response', (response) => {
        // The body is read and dropped: only the status counts.
        response.resume();
        response.on('end', () => answer(response.statusCode ?? null, null));
        response.on('error', () => answer(response.statusCode ?? null, null));
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: NodeJS.ErrnoException) =>
        answer(
          null,
          error.message === 'timeout'
            ? 'timeout'
            : error.code === REFUSED_ADDRESS ||
                (/private|loopback|link-local|not allowed|meta/i.test(error.message) && !error.code)
              ? 'refused_address'
              : (error.code ?? 'network_error'),
        ),
      );
      request.end(message.body);
    });
  return {
    send: (message) =>
      inSpan(
        'webhook POST',
        { kind: SpanKind.CLIENT, attributes: { 'http.request.method': 'POST', 'server.address': hostOf(message.url) } },
        () => sendOne(message),
      ),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** The host of a URL for a span (never its path or query), or `invalid`. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}
