import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginated, serviceCollectionSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';
import { fullInformation, location, newApiTeamWithUser } from './support/applications.js';

const collectionPage = paginated(serviceCollectionSchema, 'service collections');

describe.each(apiTargets())('service collections on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  it('lists the presets of every team of a partner admin, oldest first, and retrieves each', async () => {
    const listed = await admin.serviceCollections.list({ query: {} });
    expect(listed.status).toBe(200);
    const page = collectionPage.parse(listed.body);
    expect(page.results.map((collection) => collection.name)).toEqual([
      'Standard employment',
      'Executive',
      'Quick identity',
      'Tenant standard',
      'Quick identity',
    ]);
    expect(page).toMatchObject({ count: 5, next: null, previous: null });
    const [standard] = page.results;
    expect(standard).toMatchObject({
      is_quickscreen: false,
      request_softcheck: true,
      request_bureau: false,
      requested_countries: [],
      employer_questionaire_id: null,
      us_criminal_record_check_years: null,
      employer_references_min: 1,
    });

    const retrieved = await admin.serviceCollections.retrieve({
      params: { servicecollection_id: standard?.id as string },
    });
    expect(retrieved.status).toBe(200);
    expect(serviceCollectionSchema.parse(retrieved.body)).toEqual(standard);
    expect(await admin.serviceCollections.retrieve({ params: { servicecollection_id: 'nope' } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });

    const second = await admin.serviceCollections.list({ query: { page_size: 2, page: 2 } });
    expect(second.status === 200 && second.body.results.map((collection) => collection.name)).toEqual([
      'Quick identity',
      'Tenant standard',
    ]);
    expect(await admin.serviceCollections.list({ query: { page: 9 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
  });

  it('gives a team created through the API its presets, whose flags it may order as they are', async () => {
    const { teamId, userId } = await newApiTeamWithUser({ admin, db: svc.db, account }, 'HR');
    const teamUser = svc.client(await svc.newTeamUserKey(userId));
    const listed = await teamUser.serviceCollections.list({ query: {} });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
    expect(listed.body.results.map((collection) => collection.name)).toEqual([
      'Standard employment',
      'Executive',
      'Quick identity',
    ]);
    const rows = (await svc.db.dataSource.query(
      `SELECT count(*) AS count FROM service_collections WHERE team_id = $1`,
      [teamId],
    )) as Array<{ count: string }>;
    expect(Number(rows[0]?.count)).toBe(3);

    for (const collection of listed.body.results) {
      const flags = Object.fromEntries(
        Object.entries(collection).filter(([key, value]) => key.startsWith('request_') && value === true),
      );
      const answer = await teamUser.hrV1.quickScreen({
        body: { information: fullInformation(), position_or_property_location: location, ...flags },
      });
      expect([collection.name, answer.status]).toEqual([collection.name, 201]);
    }
  });

  it('hides other tenants’ collections', async () => {
    const listed = await admin.serviceCollections.list({ query: {} });
    if (listed.status !== 200) throw new Error('list failed');
    const stranger = svc.client((await svc.newPartner('Stranger')).api_keys.live);
    const id = listed.body.results[0]?.id as string;
    expect(await stranger.serviceCollections.retrieve({ params: { servicecollection_id: id } })).toMatchObject({
      status: 404,
    });
    const theirs = await stranger.serviceCollections.list({ query: {} });
    expect(theirs.status === 200 && theirs.body.results.map((collection) => collection.id)).not.toContain(id);
  });
});
