import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackageBodySchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { bodiesAround, expectNoServerErrors } from './support/fuzz.js';

const settings = {
  requested_countries: ['GB', 'FR'],
  us_criminal_record_check_years: 7 as const,
  employer_references_min: 1,
  employer_references_max: 2,
  purpose_of_check: 'EMPLOYMENT' as const,
};
const packageBody = {
  name: 'Standard hire',
  request_flags: ['request_softcheck' as const, 'request_bureau' as const],
  settings,
};

type PackageList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Array<{ id: string; team: string | null; is_default: boolean }>;
};

describe.each(apiTargets())('packages on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  const idsOf = async (client: SvcClient, query: { team?: string; superteam?: string } = {}) => {
    const listed = await client.packages.list({ query: { page_size: 100, ...query } });
    expect(listed.status).toBe(200);
    // Every team has its default package (created with the team): the ids of the others.
    return (listed.body as PackageList).results.filter((item) => !item.is_default).map((item) => item.id);
  };
  const created = async (client: SvcClient, body: Parameters<SvcClient['packages']['create']>[0]['body']) => {
    const answer = await client.packages.create({ body });
    expect(answer.status).toBe(201);
    if (answer.status !== 201) throw new Error('package not created');
    return answer.body;
  };

  it('creates, retrieves, lists, replaces and deletes a package', async () => {
    const made = await admin.packages.create({ body: packageBody });
    expect(made).toMatchObject({ status: 201 });
    if (made.status !== 201) return;
    // `team` defaults to the key user's team (the partner admin's HR team); the create answer has no superteam.
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'Standard hire',
      team: account.teams.hr,
      request_flags: ['request_softcheck', 'request_bureau'],
      settings,
      is_default: false,
    });

    const retrieved = await admin.packages.retrieve({ params: { package_id: made.body.id } });
    expect(retrieved).toMatchObject({ status: 200, body: { ...made.body, superteam: account.superteam_id } });
    expect(await idsOf(admin)).toContain(made.body.id);

    const replacement = {
      name: 'Tenant screen',
      team: account.teams.pm,
      request_flags: ['request_softcheck' as const],
      settings: {},
    };
    const replaced = await admin.packages.replace({ params: { package_id: made.body.id }, body: replacement });
    expect(replaced).toMatchObject({
      status: 200,
      body: { id: made.body.id, superteam: account.superteam_id, ...replacement },
    });
    expect(await admin.packages.retrieve({ params: { package_id: made.body.id } })).toMatchObject({
      status: 200,
      body: replacement,
    });

    const deleted = await admin.packages.delete({ params: { package_id: made.body.id } });
    expect(deleted.status).toBe(204);
    expect(await admin.packages.retrieve({ params: { package_id: made.body.id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await admin.packages.delete({ params: { package_id: made.body.id } })).toMatchObject({ status: 404 });
    expect(await admin.packages.replace({ params: { package_id: made.body.id }, body: replacement })).toMatchObject({
      status: 404,
    });
    expect(await idsOf(admin)).not.toContain(made.body.id);
  });

  it('is available to partners below API version 1.1.0', async () => {
    const old = await svc.newPartner('Old partner');
    await svc.db.dataSource.query(`UPDATE partners SET api_version = '1.0.3' WHERE id = $1`, [old.partner_id]);
    const client = svc.client(old.api_keys.live);
    const made = await created(client, packageBody);
    expect(await idsOf(client)).toEqual([made.id]);
  });

  it('refuses a team outside the caller’s scope, unknown request flags and missing fields, changing nothing', async () => {
    const other = await svc.newPartner('Other partner');
    const kept = await created(admin, packageBody);
    const before = await idsOf(admin);

    expect(await admin.packages.create({ body: { ...packageBody, team: other.teams.hr } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'team' }] },
    });
    const unknownFlag = await admin.packages.create({
      body: { ...packageBody, request_flags: ['request_softcheck', 'request_mind_reading' as 'request_bureau'] },
    });
    expect(unknownFlag).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((unknownFlag.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual([
      'request_flags.1',
    ]);
    expect(
      await admin.packages.create({ body: { ...packageBody, request_flags: ['request_bureau', 'request_bureau'] } }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'request_flags' }] } });
    expect(await admin.packages.create({ body: { request_flags: [] } as never })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'name', code: 'required' }] },
    });
    expect(
      await admin.packages.create({
        body: { ...packageBody, settings: { purpose_of_check: 'mind reading' } as never },
      }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'settings.purpose_of_check', code: 'invalid_value' }] } });
    const malformed = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: account.api_keys.live,
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    const replacement = { name: 'Moved', team: other.teams.pm, request_flags: [], settings: {} };
    expect(await admin.packages.replace({ params: { package_id: kept.id }, body: replacement })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'team' }] },
    });
    expect(
      await admin.packages.replace({ params: { package_id: kept.id }, body: { name: 'Partial' } as never }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    expect(await idsOf(admin)).toEqual(before);
    expect(await admin.packages.retrieve({ params: { package_id: kept.id } })).toMatchObject({
      status: 200,
      body: { name: packageBody.name, team: account.teams.hr },
    });
  });

  it('answers 404 for another partner’s package and for ids that are not UUIDs', async () => {
    const other = await svc.newPartner('Other partner');
    const theirs = await created(svc.client(other.api_keys.live), { ...packageBody, name: 'Theirs' });
    expect(await admin.packages.retrieve({ params: { package_id: theirs.id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(
      await admin.packages.replace({
        params: { package_id: theirs.id },
        body: { ...packageBody, team: account.teams.hr },
      }),
    ).toMatchObject({ status: 404 });
    expect(await admin.packages.delete({ params: { package_id: theirs.id } })).toMatchObject({ status: 404 });
    expect(await admin.packages.retrieve({ params: { package_id: 'nope' } })).toMatchObject({ status: 404 });
    expect(await idsOf(admin)).not.toContain(theirs.id);
    expect(await admin.packages.list({ query: { team: other.teams.hr } })).toMatchObject({
      status: 200,
      body: { count: 0, results: [] },
    });
    expect(
      await svc.client(other.api_keys.live).packages.retrieve({ params: { package_id: theirs.id } }),
    ).toMatchObject({ status: 200, body: { name: 'Theirs' } });
  });

  it('limits a team-user key to its own team', async () => {
    const pmPackage = await created(admin, { ...packageBody, name: 'PM only', team: account.teams.pm });
    const hrPackage = await created(admin, { ...packageBody, name: 'HR only', team: account.teams.hr });
    const hrUser = svc.client(await svc.newTeamUserKey(account.users.hr));

    const own = await created(hrUser, { ...packageBody, name: 'Made by the HR user' });
    expect(own.team).toBe(account.teams.hr);
    const visible = await idsOf(hrUser);
    expect(visible).toContain(hrPackage.id);
    expect(visible).toContain(own.id);
    expect(visible).not.toContain(pmPackage.id);
    expect(await hrUser.packages.list({ query: { team: account.teams.pm } })).toMatchObject({
      status: 200,
      body: { count: 0 },
    });

    expect(await hrUser.packages.retrieve({ params: { package_id: pmPackage.id } })).toMatchObject({ status: 404 });
    expect(await hrUser.packages.delete({ params: { package_id: pmPackage.id } })).toMatchObject({ status: 404 });
    expect(
      await hrUser.packages.replace({
        params: { package_id: pmPackage.id },
        body: { ...packageBody, team: account.teams.hr },
      }),
    ).toMatchObject({ status: 404 });
    expect(await hrUser.packages.create({ body: { ...packageBody, team: account.teams.pm } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'team' }] },
    });
    expect(
      await hrUser.packages.replace({
        params: { package_id: own.id },
        body: { ...packageBody, team: account.teams.pm },
      }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'team' }] } });
    expect(await admin.packages.retrieve({ params: { package_id: pmPackage.id } })).toMatchObject({
      status: 200,
      body: { name: 'PM only' },
    });
    expect(await admin.packages.retrieve({ params: { package_id: own.id } })).toMatchObject({
      status: 200,
      body: { team: account.teams.hr },
    });
  });

  it('keeps demo and live packages apart', async () => {
    const fresh = await svc.newPartner('Demo partner');
    const live = svc.client(fresh.api_keys.live);
    const demo = svc.client(fresh.api_keys.demo);
    const livePackage = await created(live, { ...packageBody, name: 'Live' });
    const demoPackage = await created(demo, { ...packageBody, name: 'Demo' });
    expect(await idsOf(live)).toEqual([livePackage.id]);
    expect(await idsOf(demo)).toEqual([demoPackage.id]);
    expect(await demo.packages.retrieve({ params: { package_id: livePackage.id } })).toMatchObject({ status: 404 });
    expect(await live.packages.retrieve({ params: { package_id: demoPackage.id } })).toMatchObject({ status: 404 });
    expect(
      await demo.packages.replace({
        params: { package_id: livePackage.id },
        body: { ...packageBody, team: fresh.teams.hr },
      }),
    ).toMatchObject({ status: 404 });
    expect(await demo.packages.delete({ params: { package_id: livePackage.id } })).toMatchObject({ status: 404 });
    expect(await live.packages.retrieve({ params: { package_id: livePackage.id } })).toMatchObject({
      status: 200,
      body: { name: 'Live' },
    });
  });

  it('filters by superteam and team, and paginates with absolute links', async () => {
    const fresh = await svc.newPartner('Paging partner');
    const client = svc.client(fresh.api_keys.live);
    const made = [];
    for (let index = 0; index < 5; index += 1)
      made.push(
        await created(client, {
          ...packageBody,
          name: `Package ${index}`,
          team: index % 2 === 0 ? fresh.teams.hr : fresh.teams.pm,
        }),
      );
    expect(await idsOf(client, { team: fresh.teams.pm })).toEqual([made[1]?.id, made[3]?.id]);
    expect(await idsOf(client, { superteam: fresh.superteam_id })).toEqual(made.map((item) => item.id));
    expect(await idsOf(client, { superteam: account.superteam_id })).toEqual([]);
    expect(await client.packages.list({ query: { team: 'not-a-uuid' } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'team' }] },
    });

    // The HR team's default package comes first: it was created with the team.
    const first = await client.packages.list({ query: { page_size: 2, team: fresh.teams.hr } });
    expect(first.status).toBe(200);
    const firstBody = first.body as PackageList;
    expect(firstBody).toMatchObject({ count: 4, previous: null, results: [{ is_default: true }, { id: made[0]?.id }] });
    expect(firstBody.next).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/packages\/\?page_size=2&team=[0-9a-f-]+&page=2$/,
    );
    const second = await rawRequest(firstBody.next as string, { apiKey: fresh.api_keys.live });
    expect(second.body).toMatchObject({
      count: 4,
      next: null,
      previous: expect.stringContaining('page=1'),
      results: [{ id: made[2]?.id }, { id: made[4]?.id }],
    });
    expect(await client.packages.list({ query: { page: 3, page_size: 2, team: fresh.teams.hr } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
    expect(await client.packages.list({ query: { page_size: 101 } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'page_size' }] },
    });
  });

  it('answers every arbitrary or mutated create body without a server error', async () => {
    const fresh = await svc.newPartner('Fuzzed partner');
    const refused = await expectNoServerErrors({
      url: `${svc.url}/api/v1/packages/`,
      apiKey: fresh.api_keys.live,
      bodies: bodiesAround({ ...packageBody, team: fresh.teams.hr }),
      schema: createPackageBodySchema,
    });
    const listed = await svc.client(fresh.api_keys.live).packages.list({ query: { page_size: 100 } });
    // Besides the two teams' default packages, one package per accepted body.
    expect((listed.body as PackageList).count - 2 + refused).toBe(100);
  });
});
