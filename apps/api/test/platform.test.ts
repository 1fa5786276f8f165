import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, listRoutes } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
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
    expect(response.body).toMatchObject({
      code: 'payload_too_large',
      detail: 'The request body is larger than 1 MB.',
    });
  });

  it('refuses a body over SVC_BODY_LIMIT with 413, naming that limit', async () => {
    const small = await target.start({ SVC_BODY_LIMIT: '2kb' });
    try {
      const response = await rawRequest(`${small.url}/api/v1/packages/`, {
        method: 'POST',
        apiKey: (await small.newPartner()).api_keys.demo,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(3_000) }),
      });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({
        code: 'payload_too_large',
        detail: 'The request body is larger than 2 KB.',
      });
    } finally {
      // Only its API: its database is this file's (on PostgreSQL, closing it would drop the database the others use).
      await small.api.close();
    }
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

  const nowhere = (apiKey: string) => rawRequest(`${svc.url}/api/v1/nowhere/`, { apiKey });

  it('answers 429 with a true Retry-After past the limit of a key, without affecting another key, and one more request once one has refilled', async () => {
    const busy = await svc.newPartner();
    const calm = await svc.newPartner();
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await nowhere(busy.api_keys.live));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 429]);
    // A bucket of 5 refilled at 5 a minute: one request every 12 seconds.
    expect(answers.map((answer) => answer.headers.get('ratelimit-limit'))).toEqual(Array(6).fill('5'));
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0']);
    for (const answer of answers) {
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    }
    const limited = answers[5]!;
    expect(limited.body).toMatchObject({ code: 'rate_limited', status: 429 });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect((await nowhere(calm.api_keys.live)).status).toBe(404);
    // Half a request's time before Retry-After the key is still refused; at it, one request has refilled: one goes
    // through, not more. (The API's clock runs on between the requests too: the margins leave a loaded machine time.)
    svc.advanceClock(retryAfter * 1000 - 6000);
    expect((await nowhere(busy.api_keys.live)).status).toBe(429);
    svc.advanceClock(6000);
    expect((await nowhere(busy.api_keys.live)).status).toBe(404);
    expect((await nowhere(busy.api_keys.live)).status).toBe(429);
    // A minute later the whole bucket is back.
    svc.advanceClock(60_000);
    const statuses = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await nowhere(busy.api_keys.live)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('lets no burst across the end of a minute pass the limit: a full burst just before it leaves nothing for one just after', async () => {
    const busy = await svc.newPartner();
    // Half a second before the end of a minute of the API's clock, the edge of the old fixed windows.
    svc.advanceClock(60_000 - (svc.api.deps.now().getTime() % 60_000) - 500);
    const before = [];
    for (let index = 0; index < 5; index += 1) before.push((await nowhere(busy.api_keys.live)).status);
    svc.advanceClock(1000);
    const after = [];
    for (let index = 0; index < 5; index += 1) after.push((await nowhere(busy.api_keys.live)).status);
    // Fixed windows answered 404 ten times here: twice the limit within a second.
    expect(before).toEqual([404, 404, 404, 404, 404]);
    expect(after).toEqual([429, 429, 429, 429, 429]);
  });

  it('holds a larger limit across two API processes that take the key’s requests in leases', async () => {
    // 300 a minute: each process takes 3 requests per database write; together they never pass 300.
    const first = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 300 });
    const second = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 300 });
    try {
      const busy = await first.newPartner();
      const started = performance.now();
      const statuses: number[] = [];
      for (let batch = 0; batch < 32; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            rawRequest(`${(index % 2 ? second : first).url}/api/v1/nowhere/`, { apiKey: busy.api_keys.live }),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      const seconds = (performance.now() - started) / 1000;
      const allowed = statuses.filter((status) => status === 404).length;
      expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
      // The bucket's 300, and what refilled while the requests ran (5 a second); at most the requests each process
      // took and had not used when the bucket ran dry are lost to the key.
      expect(allowed).toBeLessThanOrEqual(300 + Math.floor(5 * seconds));
      expect(allowed).toBeGreaterThanOrEqual(300 - 2 * 3);
      const [{ tokens }] = (await first.db.dataSource.query(
        `SELECT b.tokens FROM rate_limit_buckets b JOIN api_keys k ON k.id = b.quota_id JOIN users u ON u.id = k.user_id WHERE u.partner_id = $1 AND k.environment = 'live'`,
        [busy.partner_id],
      )) as [{ tokens: number }];
      // The bucket ran dry: what is left is less than a lease and what refilled since.
      expect(tokens).toBeLessThan(3 + 5 * seconds);
    } finally {
      await second.api.close();
      await first.api.close();
    }
  });
});
