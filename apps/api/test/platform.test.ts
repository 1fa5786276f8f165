import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, listRoutes } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/db';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';

describe.each(apiTargets({ everyDatabase: true }))('the HTTP platform on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 1000 });
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  it('answers its health check and serves the OpenAPI document without a key', async () => {
    expect((await rawRequest(`${svc.url}/health`)).body).toEqual({ status: 'ok' });
    const openApi = await rawRequest(`${svc.url}/openapi.json`);
    // Every operation of the contract, and the OAuth2 token endpoint (a form, outside the contract).
    expect(Object.values(openApi.body.paths).flatMap((item) => Object.keys(item as object))).toHaveLength(
      listRoutes(contract).length + 1,
    );
  });

  it.each([
    ['no Authorization header', undefined],
    ['a scheme other than Bearer or Token', 'Digest username="user"'],
    ['HTTP Basic outside /api/v1/authenticate/', 'Basic dXNlcjpwYXNz'],
    ['a key that does not exist', 'Bearer svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed key', 'Bearer not-a-key'],
  ])('refuses %s with 401 unauthenticated', async (_case, authorization) => {
    const response = await rawRequest(`${svc.url}/api/v1/packages/`, {
      headers: authorization ? { authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    expect(response.body).toMatchObject({
      status: 401,
      code: 'unauthenticated',
      title: expect.any(String),
      detail: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('accepts the key with the Bearer and the Token schemes', async () => {
    for (const scheme of ['Bearer', 'Token']) {
      const response = await rawRequest(`${svc.url}/openapi.json`, {
        headers: { authorization: `${scheme} ${account.api_keys.demo}` },
      });
      expect(response.status).toBe(200);
    }
    const unknownRoute = await rawRequest(`${svc.url}/api/v1/nowhere/`, {
      headers: { authorization: `Token ${account.api_keys.demo}` },
    });
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.body).toMatchObject({ code: 'not_found' });
  });

  it('routes every operation of the contract to its implementation, in any letter case as express matches paths', async () => {
    const unrouted: string[] = [];
    for (const { route } of listRoutes(contract)) {
      const path = route.path.replace(/:[a-z_]+/gi, '01a20e3e-0000-7000-8000-000000000000');
      const response = await rawRequest(`${svc.url}${path}`, {
        method: route.method,
        apiKey: account.api_keys.demo,
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      if (response.status === 404 && String(response.body?.detail).startsWith('No operation at'))
        unrouted.push(`${route.method} ${route.path}`);
    }
    expect(unrouted).toEqual([]);
    const upperCase = await rawRequest(`${svc.url}/API/V1/Packages/`, { apiKey: account.api_keys.demo });
    expect(upperCase.status).toBe(200);
    // No operation answers OPTIONS: the 404 problem, not an `Allow` list.
    const options = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'OPTIONS',
      apiKey: account.api_keys.demo,
    });
    expect(options.status).toBe(404);
    expect(options.body).toMatchObject({ code: 'not_found' });
  });

  it('puts X-Request-Id on every response, keeping the caller’s own', async () => {
    const generated = await rawRequest(`${svc.url}/nowhere`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.body.request_id).toBe(generated.headers.get('x-request-id'));
    const given = await rawRequest(`${svc.url}/health`, { headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
  });

  it('keeps an idle connection open 65 seconds, past a proxy’s idle timeout, and says so', async () => {
    const { get } = await import('node:http');
    const keepAlive = await new Promise<string>((resolve, reject) =>
      get(`${svc.url}/health`, { agent: false, headers: { connection: 'keep-alive' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.headers['keep-alive'])));
      })
        .on('error', reject)
        .end(),
    );
    expect(keepAlive).toBe('timeout=65');
    expect(svc.api.server.keepAliveTimeout).toBeGreaterThan(60_000);
  });

  it('sends the security headers of helmet, Strict-Transport-Security over HTTPS only', async () => {
    const response = await rawRequest(`${svc.url}/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
    const overHttps = await rawRequest(`${svc.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses malformed JSON with 400 validation_failed', async () => {
    const response = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: account.api_keys.demo,
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Basic",',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', errors: [{ code: 'malformed_json' }] });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: account.api_keys.demo,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: account.api_keys.demo,
      headers: { 'content-type': 'text/plain' },
      body: 'name=Basic',
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe.each(apiTargets({ everyDatabase: true }))('the rate limit on $name', (target) => {
  let svc: TestApi;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 5 });
  });
  afterAll(() => svc?.close());

  it('answers 429 with Retry-After past the limit of a key, without affecting another key, until the window ends', async () => {
    const busy = await svc.newPartner();
    const calm = await svc.newPartner();
    // Windows are whole minutes of the API's clock: start this test's requests at the beginning of one (the clock
    // has not been moved yet), so that they do not straddle two.
    svc.advanceClock(60_000 - (Date.now() % 60_000));
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1)
      statuses.push((await rawRequest(`${svc.url}/api/v1/nowhere/`, { apiKey: busy.api_keys.live })).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const limited = await rawRequest(`${svc.url}/api/v1/nowhere/`, { apiKey: busy.api_keys.live });
    expect(limited.body).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await rawRequest(`${svc.url}/api/v1/nowhere/`, { apiKey: calm.api_keys.live })).status).toBe(404);
    svc.advanceClock(61_000);
    expect((await rawRequest(`${svc.url}/api/v1/nowhere/`, { apiKey: busy.api_keys.live })).status).toBe(404);
  });

  it('holds a larger limit across two API processes that take the key’s requests in leases', async () => {
    // 300 a minute: each process takes 3 requests per database write; together they never pass 300.
    const first = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 300 });
    const second = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 300 });
    try {
      const busy = await first.newPartner();
      // The 320 requests must fall in one window: both clocks move to the start of the next minute.
      const toNextWindow = 60_000 - (Date.now() % 60_000);
      first.advanceClock(toNextWindow);
      second.advanceClock(toNextWindow);
      const statuses: number[] = [];
      for (let batch = 0; batch < 32; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            rawRequest(`${(index % 2 ? second : first).url}/api/v1/nowhere/`, { apiKey: busy.api_keys.live }),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      const allowed = statuses.filter((status) => status === 404).length;
      expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
      // At most the requests each process took and had not used when the limit was reached are lost to the key.
      expect(allowed).toBeLessThanOrEqual(300);
      expect(allowed).toBeGreaterThanOrEqual(300 - 2 * 3);
      const [{ counted }] = (await first.db.dataSource.query(
        `SELECT sum(request_count)::int AS counted FROM rate_limit_counters c JOIN api_keys k ON k.id = c.api_key_id JOIN users u ON u.id = k.user_id WHERE u.partner_id = $1`,
        [busy.partner_id],
      )) as [{ counted: number }];
      expect(counted).toBeGreaterThanOrEqual(300);
    } finally {
      await second.api.close();
      await first.api.close();
    }
  }, 60_000);
});
