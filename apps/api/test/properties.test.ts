import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyBodySchema, propertySchema, type Property, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { bodiesAround, expectNoServerErrors } from './support/fuzz.js';

const propertyBody = {
  building: 'Maple Court',
  building_code: 'MC-1',
  address: '12 Elm St',
  city: 'Toronto',
  province_state: 'ON',
  postal_code: 'M5V 1A1',
};

type PropertyList = { count: number; next: string | null; previous: string | null; results: Property[] };

describe.each(apiTargets())('properties on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  const idsOf = async (client: SvcClient) => {
    const listed = await client.properties.list({ query: { page_size: 100 } });
    expect(listed.status).toBe(200);
    return (listed.body as PropertyList).results.map((item) => item.id);
  };
  const created = async (client: SvcClient, body: Parameters<SvcClient['properties']['create']>[0]['body']) => {
    const answer = await client.properties.create({ body });
    expect(answer.status).toBe(201);
    if (answer.status !== 201) throw new Error(`property not created: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  it('creates a property and answers with the full Property record, deprecated', async () => {
    const answer = await admin.properties.create({ body: { ...propertyBody, owner_id: account.users.pm } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('deprecation')).toBe('true');
    if (answer.status !== 201) return;
    const property = answer.body;
    expect(propertySchema.strict().parse(property)).toEqual(property);
    expect(property).toMatchObject({
      status: 'N',
      get_status_display: 'No Vacancy',
      building: 'Maple Court',
      building_code: 'MC-1',
      address: '12 Elm St',
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      postal_code: 'M5V 1A1',
      county: null,
      is_active: true,
      listing_count: 0,
      full_address: '12 Elm St, Toronto, ON M5V 1A1, CA',
      url_code: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(property.owner).toMatchObject({
      id: account.users.pm,
      email: expect.stringContaining('@'),
      team: { id: account.teams.pm, team_type: 'PM', billing_plan: {} },
    });
    expect(property.owner.team.compliance_region).toMatchObject({
      country: 'CA',
      team_type: 'PM',
      require_address_history: true,
    });
    expect(property.owner.team.settings_config).toMatchObject({
      request_softcheck: expect.any(Boolean),
      custom_tracks: [],
      purpose_of_check: 'TENANCY',
    });
    expect(new Date(property.created).getTime()).toBeLessThanOrEqual(Date.now());

    const listed = await admin.properties.list({ query: {} });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('deprecation')).toBe('true');
    expect((listed.body as PropertyList).results.find((item) => item.id === property.id)).toEqual(property);
  });

  it('needs a county for a US address, and takes it', async () => {
    const before = await idsOf(admin);
    const us = {
      ...propertyBody,
      province_state: 'NY',
      country: 'US',
      postal_code: '10001',
      owner_id: account.users.pm,
    };
    expect(await admin.properties.create({ body: us })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'county', code: 'required' }] },
    });
    expect(await idsOf(admin)).toEqual(before);
    const property = await created(admin, { ...us, county: 'New York County', is_active: false });
    expect(property).toMatchObject({
      country: 'US',
      county: 'New York County',
      is_active: false,
      full_address: '12 Elm St, Toronto, New York County, NY 10001, US',
    });
  });

  it('refuses an owner that is not a PM user of the caller, and invalid fields, changing nothing', async () => {
    const other = await svc.newPartner('Other partner');
    const before = await idsOf(admin);
    for (const ownerId of [account.users.hr, account.user_id, other.users.pm, '0195f000-0000-7000-8000-000000000000']) {
      expect(await admin.properties.create({ body: { ...propertyBody, owner_id: ownerId } })).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: [{ path: 'owner_id' }] },
      });
    }
    expect(await admin.properties.create({ body: { ...propertyBody, owner_id: 'someone' } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'owner_id' }] },
    });
    const missing = await admin.properties.create({ body: { owner_id: account.users.pm } as never });
    expect(missing.status).toBe(400);
    expect((missing.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path).sort()).toEqual([
      'address',
      'city',
      'province_state',
    ]);
    expect(
      await admin.properties.create({
        body: { ...propertyBody, owner_id: account.users.pm, province_state: 'Atlantis' },
      }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'province_state' }] } });
    expect(
      await admin.properties.create({ body: { ...propertyBody, owner_id: account.users.pm, country: 'Atlantis' } }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'country' }] } });
    expect(await idsOf(admin)).toEqual(before);
  });

  it('limits a team-user key to its own PM team', async () => {
    const fresh = await svc.newPartner('Team partner');
    const byAdmin = await created(svc.client(fresh.api_keys.live), { ...propertyBody, owner_id: fresh.users.pm });
    const pmUser = svc.client(await svc.newTeamUserKey(fresh.users.pm));
    const hrUser = svc.client(await svc.newTeamUserKey(fresh.users.hr));

    expect(await idsOf(pmUser)).toEqual([byAdmin.id]);
    const byPmUser = await created(pmUser, { ...propertyBody, address: '14 Elm St', owner_id: fresh.users.pm });
    expect(byPmUser.owner.id).toBe(fresh.users.pm);
    expect(await idsOf(pmUser)).toEqual([byAdmin.id, byPmUser.id]);

    expect(await idsOf(hrUser)).toEqual([]);
    expect(await hrUser.properties.create({ body: { ...propertyBody, owner_id: fresh.users.pm } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'owner_id' }] },
    });
    expect(await hrUser.properties.create({ body: { ...propertyBody, owner_id: fresh.users.hr } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'owner_id' }] },
    });
    expect(await idsOf(admin)).not.toContain(byAdmin.id);
    expect(await idsOf(svc.client(fresh.api_keys.live))).toEqual([byAdmin.id, byPmUser.id]);
  });

  it('keeps demo and live properties apart', async () => {
    const fresh = await svc.newPartner('Demo partner');
    const live = svc.client(fresh.api_keys.live);
    const demo = svc.client(fresh.api_keys.demo);
    const liveProperty = await created(live, { ...propertyBody, owner_id: fresh.users.pm });
    const demoProperty = await created(demo, { ...propertyBody, building: 'Demo Court', owner_id: fresh.users.pm });
    expect(await idsOf(live)).toEqual([liveProperty.id]);
    expect(await idsOf(demo)).toEqual([demoProperty.id]);
  });

  it('paginates chronologically with absolute links', async () => {
    const fresh = await svc.newPartner('Paging partner');
    const client = svc.client(fresh.api_keys.live);
    expect(await client.properties.list({ query: {} })).toMatchObject({
      status: 200,
      body: { count: 0, next: null, previous: null, results: [] },
    });
    const made = [];
    for (let index = 0; index < 3; index += 1)
      made.push(await created(client, { ...propertyBody, address: `${index} Elm St`, owner_id: fresh.users.pm }));
    const first = await client.properties.list({ query: { page_size: 2 } });
    const firstBody = first.body as PropertyList;
    expect(firstBody).toMatchObject({ count: 3, previous: null });
    expect(firstBody.results.map((item) => item.id)).toEqual([made[0]?.id, made[1]?.id]);
    expect(firstBody.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/pm\/properties\/\?page_size=2&page=2$/);
    const second = await rawRequest(firstBody.next as string, { apiKey: fresh.api_keys.live });
    expect(second.body).toMatchObject({
      next: null,
      previous: expect.stringContaining('page=1'),
      results: [{ id: made[2]?.id }],
    });
    expect(await client.properties.list({ query: { page: 3, page_size: 2 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
  });

  it('answers every arbitrary or mutated create body without a server error', async () => {
    const fresh = await svc.newPartner('Fuzzed partner');
    const refused = await expectNoServerErrors({
      url: `${svc.url}/api/v1/pm/properties`,
      apiKey: fresh.api_keys.live,
      bodies: bodiesAround({ ...propertyBody, country: 'CA', is_active: true, owner_id: fresh.users.pm }),
      schema: createPropertyBodySchema,
    });
    const listed = await svc.client(fresh.api_keys.live).properties.list({ query: {} });
    expect((listed.body as PropertyList).count + refused).toBe(100);
  });
});
