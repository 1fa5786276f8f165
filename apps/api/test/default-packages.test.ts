import { randomUUID } from 'node:crypto';
import type { Package, SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from './support/api.js';
import { fullInformation, location, newTeamUserThroughApi, orderTableCounts } from './support/applications.js';

const HR_PRESET = [
  'request_identity_verification',
  'request_softcheck',
  'request_criminal_record_check',
  'request_employer_references',
  'request_employment_verification',
  'request_education_verification',
];
const PM_PRESET = [
  'request_identity_verification',
  'request_bureau',
  'request_softcheck',
  'request_address_references',
  'request_employment_verification',
];

/**
 * Team default packages over real HTTP: every team, bootstrapped or created through the API, starts with one per
 * environment made of its standard preset; a partner changes it by replacing it; an `/api/v2` order naming no check
 * runs it, where the `/api/v1` forms still answer 400.
 */
describe.each(apiTargets({ everyDatabase: true }))('team default packages on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let demo: SvcClient;
  /** A key of the PM team's user: `/api/v2` orders default `owner_id` to it. */
  let pmLive: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
    demo = svc.client(account.api_keys.demo);
    pmLive = svc.client(await svc.newTeamUserKey(account.users.pm, 'live'));
  });
  afterAll(() => svc?.close());

  const defaultsOf = async (client: SvcClient, teamId: string): Promise<Package[]> => {
    const listed = await client.packages.list({ query: { team: teamId, page_size: 100 } as never });
    if (listed.status !== 200) throw new Error(`packages not listed: ${listed.status}`);
    return listed.body.results.filter((found) => found.is_default);
  };

  it('gives every bootstrapped or created team one default package per environment, made of its standard preset', async () => {
    for (const client of [live, demo]) {
      const [hr, ...moreHr] = await defaultsOf(client, account.teams.hr);
      expect(moreHr).toEqual([]);
      expect(hr).toMatchObject({ name: 'Standard employment', team: account.teams.hr, request_flags: HR_PRESET });
      const [pm, ...morePm] = await defaultsOf(client, account.teams.pm);
      expect(morePm).toEqual([]);
      expect(pm).toMatchObject({ name: 'Tenant standard', team: account.teams.pm, request_flags: PM_PRESET });
    }
    const created = await newTeamUserThroughApi({ admin: live, account }, 'PM');
    for (const client of [live, demo])
      expect((await defaultsOf(client, created.teamId)).map((found) => found.request_flags)).toEqual([PM_PRESET]);
    // A package created through the API is not a default.
    const other = await live.packages.create({
      body: { name: `Other ${randomUUID()}`, team: account.teams.pm, request_flags: ['request_bureau'] },
    });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ is_default: false });
  });

  it('runs the team’s default package for a /api/v2 order naming no check; /api/v1 still answers 400', async () => {
    const invited = await pmLive.pmV2.invite({ body: { email: `tenant.${randomUUID()}@example.com` } as never });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    if (invited.status !== 201) return;
    const record = await pmLive.pmV2.retrieveApplicant({ params: { applicant_id: invited.body.applicants[0]!.id } });
    expect(record.status).toBe(200);
    if (record.status !== 200) return;
    for (const flag of PM_PRESET) expect(record.body[flag as keyof typeof record.body], flag).toBe(true);
    expect(record.body.check_executions).toHaveLength(PM_PRESET.length);

    const before = await orderTableCounts(svc.db);
    const refused = await live.pm.quickScreen({
      body: {
        owner_id: account.users.pm,
        information: fullInformation(),
        position_or_property_location: location,
      } as never,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'request_*' }] });
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });

  it('lets a partner change the default by replacing it; it cannot be deleted or moved to another team', async () => {
    const [found] = await defaultsOf(live, account.teams.pm);
    const replaced = await live.packages.replace({
      params: { package_id: found!.id },
      body: { name: 'Softcheck only', team: account.teams.pm, request_flags: ['request_softcheck'], settings: {} },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ is_default: true, request_flags: ['request_softcheck'] });

    const screened = await pmLive.pmV2.quickScreen({
      body: { information: fullInformation(), position_or_property_location: location } as never,
    });
    expect(screened.status).toBe(201);
    if (screened.status !== 201) return;
    expect(screened.body.check_executions.map((execution) => execution.check_name)).toEqual(['softcheck']);
    // The demo environment's default is its own: unchanged.
    expect((await defaultsOf(demo, account.teams.pm))[0]?.request_flags).toEqual(PM_PRESET);

    const deleted = await live.packages.delete({ params: { package_id: found!.id } });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'in_use' });
    const moved = await live.packages.replace({
      params: { package_id: found!.id },
      body: { name: 'Moved', team: account.teams.hr, request_flags: ['request_softcheck'], settings: {} },
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ errors: [{ path: 'team' }] });
    expect(await defaultsOf(live, account.teams.pm)).toHaveLength(1);
  });
});
