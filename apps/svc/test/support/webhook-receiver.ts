import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  url: string;
  port: number;
  received: Received[];
  at(path: string): Received[];
  answers: Record<string, number[]>;
  close(): Promise<void>;
};

/** A receiver on this machine: records every request; `answers[path]` gives the statuses to answer in turn (then 204). */
export async function startReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const answers: Record<string, number[]> = {};
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers[path]?.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    at: (path) => received.filter((request) => request.path === path),
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks headers of a delivery, to verify it with the `standardwebhooks` package. */
export const headersOf = (request: Received) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});
