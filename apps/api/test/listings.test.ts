import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListingBodySchema, listingSchema, type Listing, type SvcClient } from '@svc/contract';
import { createUser } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { bodiesAround, expectNoServerErrors } from './support/fuzz.js';

const propertyBody = { address: '12 Elm St', city: 'Toronto', province_state: 'ON', postal_code: 'M5V 1A1' };

type ListingList = { count: number; next: string | null; previous: string | null; results: Listing[] };

describe.each(apiTargets())('listings on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let propertyId: string;
  let colleague: string;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
    propertyId = await newProperty(admin, account.users.pm);
    colleague = await newUser(account, account.teams.pm);
  });
  afterAll(() => svc?.close());

  async function newProperty(client: SvcClient, ownerId: string): Promise<string> {
    const answer = await client.properties.create({ body: { ...propertyBody, owner_id: ownerId } });
    if (answer.status !== 201) throw new Error(`property not created: ${JSON.stringify(answer.body)}`);
    return answer.body.id;
  }
  async function newUser(of: BootstrappedAccount, teamId: string): Promise<string> {
    const user = await createUser(svc.db.dataSource.manager, {
      partnerId: of.partner_id,
      user: {
        firstName: 'Pat',
        lastName: 'Lee',
        email: `pat.${randomUUID()}@example.com`,
        language: 'en',
        isActive: true,
        teamId,
      },
    });
    return user.id;
  }
  const listingBody = () => ({
    rent: 1850.5,
    notification_list_ids: [] as string[],
    owner_id: account.users.pm,
    property_id: propertyId,
  });
  const idsOf = async (client: SvcClient) => {
    const listed = await client.listings.list({ query: { page_size: 100 } });
    expect(listed.status).toBe(200);
    return (listed.body as ListingList).results.map((item) => item.id);
  };
  const created = async (client: SvcClient, body: Parameters<SvcClient['listings']['create']>[0]['body']) => {
    const answer = await client.listings.create({ body });
    if (answer.status !== 201) throw new Error(`listing not created: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  it('creates a listing and answers with the full Listing record, deprecated', async () => {
    const answer = await admin.listings.create({
      body: {
        ...listingBody(),
        name: 'Dana Manager',
        unit: '4B',
        security_deposit_amount: 900,
        pet_deposit: true,
        pet_deposit_amount: 250.25,
        move_in_date: '2030-03-01',
        storage_locker: true,
        property_manager_terms: 'No smoking.',
        'url-code': 'elm-4b',
        notification_list_ids: [colleague, account.users.pm],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('deprecation')).toBe('true');
    if (answer.status !== 201) return;
    const listing = answer.body;
    expect(listingSchema.strict().parse(listing)).toEqual(listing);
    expect(listing).toMatchObject({
      name: 'Dana Manager',
      unit: '4B',
      rent: '1850.50',
      security_deposit_amount: '900.00',
      pet_deposit_amount: '250.25',
      move_in_date: '2030-03-01T00:00:00.000Z',
      move_in_immediately: false,
      pet_deposit: true,
      storage_locker: true,
      is_active: true,
      is_public: true,
      is_placeholder: false,
      use_team_link: false,
      property_manager_terms: 'No smoking.',
      url_code: 'elm-4b',
      rent_range: null,
      applicant_count: 0,
      new_applicant_count: 0,
      selected_application: { is_selected: false, applicants: [] },
      length_of_lease: null,
    });
    expect(listing.owner).toMatchObject({
      id: account.users.pm,
      team: { id: account.teams.pm, team_type: 'PM', billing_plan: {} },
    });
    expect(listing.notification_list.map((user) => user.id).sort()).toEqual([colleague, account.users.pm].sort());
    expect(listing.notification_list[0]?.team.settings_config).toMatchObject({ custom_tracks: [] });
    expect(listing.property).toMatchObject({
      id: propertyId,
      listing_count: 1,
      full_address: '12 Elm St, Toronto, ON M5V 1A1, CA',
      owner: { id: account.users.pm },
    });

    const listed = await admin.listings.list({ query: {} });
    expect(listed.headers.get('deprecation')).toBe('true');
    expect((listed.body as ListingList).results.find((item) => item.id === listing.id)).toEqual(listing);
    const properties = await admin.properties.list({ query: {} });
    expect(
      (properties.body as { results: Array<{ id: string; listing_count: number }> }).results.find(
        (item) => item.id === propertyId,
      )?.listing_count,
    ).toBeGreaterThanOrEqual(1);
  });

  it('generates a url code and applies defaults when they are not sent', async () => {
    const listing = await created(admin, { ...listingBody(), rent: 1200 });
    expect(listing).toMatchObject({
      rent: '1200.00',
      security_deposit_amount: null,
      pet_deposit_amount: null,
      move_in_date: null,
      name: null,
      unit: null,
      notification_list: [],
      property_manager_terms: '',
    });
    expect(listing.url_code).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });

  it('answers 409 naming url-code when the code is taken, changing nothing', async () => {
    const first = await created(admin, { ...listingBody(), 'url-code': 'taken-code' });
    const before = await idsOf(admin);
    expect(await admin.listings.create({ body: { ...listingBody(), 'url-code': 'taken-code' } })).toMatchObject({
      status: 409,
      body: { code: 'conflict', errors: [{ path: 'url-code' }] },
    });
    expect(await idsOf(admin)).toEqual(before);
    expect(before).toContain(first.id);
  });

  it('refuses a property, owner or notified user outside the property’s team or the caller’s account, changing nothing', async () => {
    const other = await svc.newPartner('Other partner');
    const theirProperty = await newProperty(svc.client(other.api_keys.live), other.users.pm);
    const demoProperty = await newProperty(svc.client(account.api_keys.demo), account.users.pm);
    const hrColleague = await newUser(account, account.teams.hr);
    const before = await idsOf(admin);

    const refusedPaths = async (body: Record<string, unknown>) => {
      const answer = await admin.listings.create({ body: body as never });
      expect(answer).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
      return (answer.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path);
    };
    expect(await refusedPaths({ ...listingBody(), property_id: theirProperty })).toEqual(['property_id']);
    expect(await refusedPaths({ ...listingBody(), property_id: demoProperty })).toEqual(['property_id']);
    expect(await refusedPaths({ ...listingBody(), property_id: randomUUID() })).toEqual(['property_id']);
    expect(await refusedPaths({ ...listingBody(), owner_id: account.users.hr })).toEqual(['owner_id']);
    expect(await refusedPaths({ ...listingBody(), owner_id: other.users.pm })).toEqual(['owner_id']);
    expect(
      await refusedPaths({
        ...listingBody(),
        notification_list_ids: [colleague, account.users.hr, other.users.pm, hrColleague],
      }),
    ).toEqual(['notification_list_ids.1', 'notification_list_ids.2', 'notification_list_ids.3']);
    expect(await refusedPaths({ ...listingBody(), notification_list_ids: ['nobody'] })).toEqual([
      'notification_list_ids.0',
    ]);
    expect(await refusedPaths({ ...listingBody(), rent: undefined })).toEqual(['rent']);
    expect(await refusedPaths({ ...listingBody(), rent: '1850,50' })).toEqual(['rent']);
    expect(await refusedPaths({ ...listingBody(), rent: -1 })).toEqual(['rent']);
    expect(await refusedPaths({ ...listingBody(), rent: 10.005 })).toEqual(['rent']);
    expect(await refusedPaths({ ...listingBody(), move_in_date: '2030-02-30' })).toEqual(['move_in_date']);
    expect(await refusedPaths({ ...listingBody(), 'url-code': 'has space' })).toEqual(['url-code']);
    expect(await refusedPaths({ ...listingBody(), notification_list_ids: undefined })).toEqual([
      'notification_list_ids',
    ]);
    expect(await idsOf(admin)).toEqual(before);
  });

  it('limits a team-user key to its own PM team', async () => {
    const fresh = await svc.newPartner('Team partner');
    const freshAdmin = svc.client(fresh.api_keys.live);
    const property = await newProperty(freshAdmin, fresh.users.pm);
    const byAdmin = await created(freshAdmin, {
      rent: 1000,
      notification_list_ids: [],
      owner_id: fresh.users.pm,
      property_id: property,
    });
    const pmUser = svc.client(await svc.newTeamUserKey(fresh.users.pm));
    const hrUser = svc.client(await svc.newTeamUserKey(fresh.users.hr));

    expect(await idsOf(pmUser)).toEqual([byAdmin.id]);
    const byPmUser = await created(pmUser, {
      rent: 1100,
      notification_list_ids: [fresh.users.pm],
      owner_id: fresh.users.pm,
      property_id: property,
    });
    expect(await idsOf(pmUser)).toEqual([byAdmin.id, byPmUser.id]);

    expect(await idsOf(hrUser)).toEqual([]);
    const refused = await hrUser.listings.create({
      body: { rent: 1000, notification_list_ids: [], owner_id: fresh.users.pm, property_id: property },
    });
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ path: 'property_id' }, { path: 'owner_id' }] } });
    expect(await idsOf(admin)).not.toContain(byAdmin.id);
    expect(await admin.listings.create({ body: { ...listingBody(), property_id: property } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'property_id' }] },
    });
  });

  it('keeps demo and live listings apart', async () => {
    const fresh = await svc.newPartner('Demo partner');
    const live = svc.client(fresh.api_keys.live);
    const demo = svc.client(fresh.api_keys.demo);
    const liveProperty = await newProperty(live, fresh.users.pm);
    const demoProperty = await newProperty(demo, fresh.users.pm);
    const liveListing = await created(live, {
      rent: 900,
      notification_list_ids: [],
      owner_id: fresh.users.pm,
      property_id: liveProperty,
    });
    const demoListing = await created(demo, {
      rent: 900,
      notification_list_ids: [],
      owner_id: fresh.users.pm,
      property_id: demoProperty,
    });
    expect(await idsOf(live)).toEqual([liveListing.id]);
    expect(await idsOf(demo)).toEqual([demoListing.id]);
    expect(
      await demo.listings.create({
        body: { rent: 900, notification_list_ids: [], owner_id: fresh.users.pm, property_id: liveProperty },
      }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'property_id' }] },
    });
  });

  it('paginates chronologically with absolute links', async () => {
    const fresh = await svc.newPartner('Paging partner');
    const client = svc.client(fresh.api_keys.live);
    expect(await client.listings.list({ query: {} })).toMatchObject({ status: 200, body: { count: 0, results: [] } });
    const property = await newProperty(client, fresh.users.pm);
    const made = [];
    for (let index = 0; index < 3; index += 1)
      made.push(
        await created(client, {
          rent: 1000 + index,
          notification_list_ids: [],
          owner_id: fresh.users.pm,
          property_id: property,
        }),
      );
    const first = await client.listings.list({ query: { page_size: 2 } });
    const firstBody = first.body as ListingList;
    expect(firstBody).toMatchObject({ count: 3, previous: null });
    expect(firstBody.results.map((item) => item.id)).toEqual([made[0]?.id, made[1]?.id]);
    expect(firstBody.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/pm\/listings\/\?page_size=2&page=2$/);
    const second = await rawRequest(firstBody.next as string, { apiKey: fresh.api_keys.live });
    expect(second.body).toMatchObject({
      next: null,
      previous: expect.stringContaining('page=1'),
      results: [{ id: made[2]?.id, rent: '1002.00', property: { listing_count: 3 } }],
    });
    expect(await client.listings.list({ query: { page: 3, page_size: 2 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
  });

  it('answers every arbitrary or mutated create body without a server error', async () => {
    const fresh = await svc.newPartner('Fuzzed partner');
    const property = await newProperty(svc.client(fresh.api_keys.live), fresh.users.pm);
    const refused = await expectNoServerErrors({
      url: `${svc.url}/api/v2/listings/`,
      apiKey: fresh.api_keys.live,
      bodies: bodiesAround({
        rent: 1500.25,
        security_deposit_amount: 500,
        move_in_date: '2030-01-01',
        unit: '1',
        'url-code': 'fuzz',
        notification_list_ids: [fresh.users.pm],
        owner_id: fresh.users.pm,
        property_id: property,
      }),
      schema: createListingBodySchema,
    });
    const listed = await svc.client(fresh.api_keys.live).listings.list({ query: {} });
    expect((listed.body as ListingList).count + refused).toBe(100);
  });
});
