import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';

/** How long an endpoint has to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** What an endpoint answered: its status code, or why there was none (an error code, never a body). */
export type WebhookAnswer = { statusCode: number | null; error: string | null; durationMs: number };

/** One delivery to send: the `webhook-id` (the event's id, the same on every attempt), the body, the secrets. */
export type WebhookMessage = { url: string; id: string; body: string; secrets: readonly string[]; timestamp: Date };

export type WebhookSender = {
  send(message: WebhookMessage): Promise<WebhookAnswer>;
  close(): void;
};

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

/**
 * Sends webhooks over HTTP(S) through request-filtering-agent: the address a name resolves to is checked when the
 * connection opens (so a name that resolves to a private address later, DNS rebinding, is refused then), and private,
 * loopback and link-local addresses are refused unless `allowPrivate` (SVC_WEBHOOK_ALLOW_PRIVATE). Plain `http:` is
 * refused unless `allowPrivate` too. Connections are kept alive between deliveries.
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
  return {
    send: (message) =>
      new Promise<WebhookAnswer>((resolve) => {
        const started = performance.now();
        const answer = (statusCode: number | null, error: string | null) =>
          resolve({ statusCode, error, durationMs: Math.round(performance.now() - started) });
        let url: URL;
        try {
          url = new URL(message.url);
        } catch {
          return answer(null, 'invalid_url');
        }
        if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
          return answer(null, 'https_required');
        const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
          method: 'POST',
          agent: (url.protocol === 'https:' ? agents.https : agents.http) as Agent,
          headers: { ...webhookHeaders(message), 'content-length': String(Buffer.byteLength(message.body)) },
          timeout: timeoutMs,
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
              : /private|loopback|link-local|not allowed|meta/i.test(error.message) && !error.code
                ? 'refused_address'
                : (error.code ?? 'network_error'),
          ),
        );
        request.end(message.body);
      }),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
