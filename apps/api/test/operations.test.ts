import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '@svc/db';
import { databaseTargets } from '@svc/db/testing';
import { createLogger } from '../src/logger.js';
import { loadConfig } from '../src/config.js';
import { startApi } from '../src/server.js';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe.each(apiTargets())('what an operator and a newcomer reach without a key, on $name', (target) => {
  let svc: TestApi;
  beforeAll(async () => {
    svc = await target.start({ SVC_METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(() => svc?.close());

  it('answers GET / with where to go next: JSON by default, a page to a browser', async () => {
    const json = await rawRequest(`${svc.url}/`);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      name: 'svc',
      openapi: `${svc.url}/openapi.json`,
      health: `${svc.url}/health`,
      ready: `${svc.url}/ready`,
    });
    const html = await rawRequest(`${svc.url}/`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.body).toContain(`href="${svc.url}/openapi.json"`);
    // No raw Markdown: the header is set as code, and neither answer shows a backtick.
    expect(html.body).toContain('<code>Authorization: Bearer &lt;API key&gt;</code>');
    expect(html.body).not.toContain('`');
    expect(JSON.stringify(json.body)).not.toContain('`');
    // A browser asks for no icon (the page gives an empty one), and a client that asks anyway gets no 404.
    expect(html.body).toContain('<link rel="icon" href="data:,">');
    expect((await rawRequest(`${svc.url}/favicon.ico`)).status).toBe(204);
  });

  it('answers /health and /ready when the database is reachable and migrated', async () => {
    expect((await rawRequest(`${svc.url}/health`)).body).toEqual({ status: 'ok' });
    const ready = await rawRequest(`${svc.url}/ready`);
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }]);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('serves /metrics to this machine with route patterns, never paths with ids', async () => {
    const id = '0190f5b2-0000-7000-8000-000000000000';
    await rawRequest(`${svc.url}/api/v1/hr/applicants/${id}/`);
    await rawRequest(`${svc.url}/health`);
    const metrics = await rawRequest(`${svc.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.body).toMatch(/svc_http_requests_total\{method="GET",route="\/health",status="200"\} [1-9]/);
    expect(metrics.body).toMatch(/svc_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/health"/);
    expect(metrics.body).toContain('status="401"');
    expect(metrics.body).not.toContain(id);
  });

  it('hides /metrics from a request relayed by a proxy unless it carries the metrics token', async () => {
    const relayed = { 'x-forwarded-for': '203.0.113.9' };
    expect((await rawRequest(`${svc.url}/metrics`, { headers: relayed })).status).toBe(404);
    const wrong = { ...relayed, authorization: `Bearer ${METRICS_TOKEN.replace('0', '1')}` };
    expect((await rawRequest(`${svc.url}/metrics`, { headers: wrong })).status).toBe(404);
    const right = { ...relayed, authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await rawRequest(`${svc.url}/metrics`, { headers: right })).status).toBe(200);
  });
});

describe('/ready of an API whose database is not ready', () => {
  it('answers 503 while migrations are pending, 200 once applied, 503 once the database is gone', async () => {
    // An empty database: every migration pending, one an API process must not serve.
    const [target] = databaseTargets({ empty: true });
    const db = await target!.open();
    const api = await startApi({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      db,
      port: 0,
      logger: createLogger({ level: 'silent' }),
    });
    try {
      const pending = await rawRequest(`${api.url}/ready`);
      expect([pending.status, pending.body]).toEqual([503, { status: 'not_ready', reason: 'migrations_pending' }]);
      await runMigrations(db);
      expect((await rawRequest(`${api.url}/ready`)).status).toBe(200);
      await db.close();
      const gone = await rawRequest(`${api.url}/ready`);
      expect([gone.status, gone.body]).toEqual([503, { status: 'not_ready', reason: 'database_unreachable' }]);
    } finally {
      await api.close();
      await target!.dispose();
    }
  });
});
