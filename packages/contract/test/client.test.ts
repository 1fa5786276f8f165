import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';

/** A real HTTP server standing in for svc: it records each request and answers with a problem. */
const received: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body });
    response.writeHead(404, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Not found',
        status: 404,
        detail: 'No such applicant.',
        code: 'not_found',
        request_id: 'r1',
      }),
    );
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createClient', () => {
  it('sends the API key as a bearer token to the contract path and returns problems without throwing', async () => {
    const client = createClient({ baseUrl, apiKey: 'svc_demo_abc' });
    const response = await client.hr.retrieveApplicant({
      params: { applicant_id: '0190b1a4-7c1e-7000-8000-000000000001' },
    });
    expect(response.status).toBe(404);
    if (response.status === 404) expect(response.body.code).toBe('not_found');
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/hr/applicants/0190b1a4-7c1e-7000-8000-000000000001/',
    });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer svc_demo_abc');
  });

  it('posts JSON bodies and the Idempotency-Key header', async () => {
    const client = createClient({ baseUrl, apiKey: 'svc_live_xyz' });
    await client.hrV1.quickScreen({
      headers: { 'idempotency-key': 'order-42' },
      body: {
        information: { first_name: 'Ada', last_name: 'Lovelace' },
        position_or_property_location: { province_state: 'ON', country: 'CA' },
        request_softcheck: true,
      },
    });
    const request = received.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/hr/v1/applications/quick/' });
    expect(request?.headers['idempotency-key']).toBe('order-42');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      request_softcheck: true,
      information: { first_name: 'Ada' },
    });
  });
});
