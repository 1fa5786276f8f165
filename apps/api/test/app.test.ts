import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

let server: Server;
let baseUrl = '';
beforeAll(async () => {
  server = createApp().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the API process', () => {
  it('answers its health check', async () => {
    const response = await fetch(`${baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/v1/hr/applications/quick/');
  });

  it('answers an unknown route with a problem document', async () => {
    const response = await fetch(`${baseUrl}/nowhere`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});
