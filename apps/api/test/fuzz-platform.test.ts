import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { bodiesAround } from './support/fuzz.js';

/** Query values a careless or hostile client sends. */
const queryValues = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1',
    '2',
    '999999999999',
    'abc',
    '1.5',
    '',
    'true',
    'maybe',
    'null',
    '%00',
    "' OR 1=1 --",
    'x'.repeat(5000),
  ),
  fc.uuid(),
  fc.string(),
);
const queries = fc.dictionary(
  fc.constantFrom('page', 'page_size', 'superteam', 'team', 'is_active', 'owner', 'application__team__id', 'unknown'),
  queryValues,
  { maxKeys: 4 },
);

describe.each(apiTargets())('every administration and property operation under hostile input on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let ids: Record<string, string>;
  let fuzzed = 0;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 1_000_000 });
    account = await svc.newPartner();
    const admin = svc.client(account.api_keys.live);
    const created = await admin.packages.create({
      body: { name: 'Fuzz package', request_flags: ['request_softcheck'] },
    });
    const property = await admin.properties.create({
      body: { address: '1 Main St', city: 'Toronto', province_state: 'ON', country: 'CA', owner_id: account.users.pm },
    });
    ids = {
      superteam: account.superteam_id,
      team: account.teams.hr,
      user: account.users.hr,
      package: created.status === 201 ? created.body.id : '',
      property: property.status === 201 ? property.body.id : '',
    };
    expect(Object.values(ids).every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    console.log(`${target.name}: ${fuzzed} hostile requests, no 5xx`);
    await svc?.close();
  });

  const send = async (method: string, path: string, body?: unknown) => {
    fuzzed += 1;
    const response = await rawRequest(`${svc.url}${path}`, {
      method,
      apiKey: account.api_keys.live,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    expect(
      response.status,
      `${method} ${path} ${JSON.stringify(body)?.slice(0, 300)} -> ${JSON.stringify(response.body).slice(0, 300)}`,
    ).toBeLessThan(500);
    if (response.status >= 400)
      expect(response.body).toMatchObject({
        status: response.status,
        code: expect.any(String),
        request_id: expect.any(String),
      });
    return response;
  };

  const writes = () => [
    {
      method: 'POST',
      path: '/api/v1/superteams/',
      body: {
        name: 'S',
        street_address: '1 A St',
        city: 'C',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M1M 1M1',
        is_secure_sms_enabled: false,
      },
    },
    {
      method: 'PUT',
      path: `/api/v1/superteams/${ids.superteam}/`,
      body: {
        name: 'S',
        street_address: '1 A St',
        city: 'C',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M1M 1M1',
        is_secure_sms_enabled: false,
        is_report_id_enabled: false,
      },
    },
    {
      method: 'PUT',
      path: `/api/v1/teams/${ids.team}/`,
      body: {
        name: 'T',
        type: 'HR',
        country: 'CA',
        pre_pay: false,
        superteam: ids.superteam,
        postal_code: 'M1M',
        city: 'C',
        street_address: '1 A',
        province_state: 'ON',
        accounting_first_name: 'A',
        accounting_last_name: 'B',
        accounting_email: 'a@b.co',
        accounting_email_cc: '',
      },
    },
    {
      method: 'PUT',
      path: `/api/v1/users/${ids.user}/`,
      body: {
        first_name: 'A',
        last_name: 'B',
        email: `fuzz-${Date.now()}@example.com`,
        language: 'en',
        team: ids.team,
        is_active: true,
      },
    },
    {
      method: 'PUT',
      path: `/api/v1/packages/${ids.package}/`,
      body: { name: 'P', team: ids.team, request_flags: ['request_bureau'], settings: {} },
    },
    {
      method: 'POST',
      path: '/api/v1/pm/properties',
      body: { address: '1 A', city: 'C', province_state: 'ON', country: 'CA', owner_id: account.users.pm },
    },
  ];

  it('never answers a mutated body with a 5xx', async () => {
    for (const write of writes()) {
      await fc.assert(
        fc.asyncProperty(bodiesAround(write.body as Record<string, unknown>), async (body) => {
          await send(write.method, write.path, body);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('never answers a hostile query string or path id with a 5xx', async () => {
    const lists = [
      '/api/v1/superteams/',
      '/api/v1/teams/',
      '/api/v1/users/',
      '/api/v1/packages/',
      '/api/v1/pm/properties/',
      '/api/v1/pm/listings/',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), queries, async (path, query) => {
        await send('GET', `${path}?${new URLSearchParams(query).toString()}`);
      }),
      { numRuns: 150 },
    );
    const items = ['/api/v1/superteams/', '/api/v1/teams/', '/api/v1/users/', '/api/v1/packages/'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...items),
        fc.oneof(
          fc.uuid(),
          fc.string({ minLength: 1 }).map(encodeURIComponent),
          fc.constantFrom('..', '%2e%2e', '0', 'null'),
        ),
        async (path, id) => {
          await send('GET', `${path}${id}/`);
        },
      ),
      { numRuns: 100 },
    );
  });
});
