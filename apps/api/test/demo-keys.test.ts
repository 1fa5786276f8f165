import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';

const superteamBody = {
  name: 'Demo superteam',
  street_address: '1 Front St',
  city: 'Toronto',
  postal_code: 'M5J 2N1',
  province_state: 'ON',
  country: 'CA' as const,
  is_secure_sms_enabled: false,
};
const teamBody = (superteam: string) => ({
  name: `Team ${randomUUID().slice(0, 8)}`,
  type: 'HR' as const,
  country: 'CA' as const,
  superteam,
  province_state: 'ON',
  pre_pay: false,
});
const replaceTeamBody = (superteam: string) => ({
  ...teamBody(superteam),
  street_address: '500 Market St',
  city: 'Toronto',
  postal_code: 'M5J 2N1',
  accounting_first_name: 'Ada',
  accounting_last_name: 'Byron',
  accounting_email: 'billing@example.com',
  accounting_email_cc: 'cfo@example.com',
});
const userBody = (team: string, isActive = true) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: `user-${randomUUID()}@example.com`,
  language: 'en' as const,
  is_active: isActive,
  team,
});

describe.each(apiTargets({ everyDatabase: true }))('demo keys on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let demo: SvcClient;

  /** Every row of the hierarchy's tables, as one text per table: equal text, nothing changed. */
  const hierarchy = async () => {
    const tables = ['partners', 'superteams', 'teams', 'users', 'api_keys', 'reference_templates'];
    const rows = await Promise.all(
      tables.map((table) =>
        svc.db.dataSource.query(
          `SELECT coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') AS rows FROM ${table} t`,
        ),
      ),
    );
    return Object.fromEntries(tables.map((table, index) => [table, (rows[index] as Array<{ rows: string }>)[0]?.rows]));
  };

  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
    demo = svc.client(account.api_keys.demo);
  });
  afterAll(() => svc?.close());

  it('reads the account hierarchy with a demo key', async () => {
    expect(await demo.superteams.list({ query: {} })).toMatchObject({ status: 200, body: { count: 1 } });
    expect(await demo.superteams.retrieve({ params: { superteam_id: account.superteam_id } })).toMatchObject({
      status: 200,
    });
    expect(await demo.teams.list({ query: {} })).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await demo.teams.retrieve({ params: { team_id: account.teams.hr } })).toMatchObject({ status: 200 });
    expect(await demo.teams.listAddressReferenceTemplates({ params: { team_id: account.teams.hr } })).toMatchObject({
      status: 200,
    });
    expect(await demo.users.list({ query: {} })).toMatchObject({ status: 200, body: { count: 3 } });
    expect(await demo.users.retrieve({ params: { user_id: account.user_id } })).toMatchObject({ status: 200 });
  });

  it('refuses every write of superteams, teams and users with a demo key: 403 forbidden_in_demo, nothing changed; the live key makes the same writes', async () => {
    const before = await hierarchy();
    const writes: Array<{
      name: string;
      send: (client: SvcClient) => Promise<{ status: number; body: unknown }>;
      liveStatus: number;
    }> = [
      {
        name: 'create superteam',
        send: (client) => client.superteams.create({ body: superteamBody }),
        liveStatus: 201,
      },
      {
        name: 'update superteam',
        send: (client) =>
          client.superteams.update({
            params: { superteam_id: account.superteam_id },
            body: { ...superteamBody, is_report_id_enabled: true },
          }),
        liveStatus: 200,
      },
      {
        name: 'create team',
        send: (client) => client.teams.create({ body: teamBody(account.superteam_id) }),
        liveStatus: 201,
      },
      {
        name: 'replace team',
        send: (client) =>
          client.teams.replace({ params: { team_id: account.teams.pm }, body: replaceTeamBody(account.superteam_id) }),
        liveStatus: 200,
      },
      {
        name: 'create user',
        send: (client) => client.users.create({ body: userBody(account.teams.hr) }),
        liveStatus: 201,
      },
      {
        name: 'update user',
        send: (client) =>
          client.users.update({ params: { user_id: account.users.hr }, body: userBody(account.teams.hr) }),
        liveStatus: 200,
      },
      {
        name: 'deactivate user',
        send: (client) =>
          client.users.update({ params: { user_id: account.users.pm }, body: userBody(account.teams.pm, false) }),
        liveStatus: 200,
      },
    ];
    for (const write of writes) {
      const refused = await write.send(demo);
      expect(refused, write.name).toMatchObject({
        status: 403,
        body: { code: 'forbidden_in_demo', status: 403, request_id: expect.any(String) },
      });
    }
    expect(await hierarchy()).toEqual(before);

    for (const write of writes) expect((await write.send(live)).status, write.name).toBe(write.liveStatus);
    expect(await hierarchy()).not.toEqual(before);
  });

  it('keeps what a demo key makes invisible to the live key, and the reverse', async () => {
    const body = { name: 'Demo package', request_flags: ['request_softcheck' as const] };
    const made = await demo.packages.create({ body });
    expect(made.status).toBe(201);
    if (made.status !== 201) return;
    expect(await live.packages.retrieve({ params: { package_id: made.body.id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const liveList = await live.packages.list({ query: {} });
    expect(liveList.status === 200 && liveList.body.results.map((item) => item.id)).not.toContain(made.body.id);
    expect(await demo.packages.retrieve({ params: { package_id: made.body.id } })).toMatchObject({ status: 200 });
    const liveMade = await live.packages.create({ body: { ...body, name: 'Live package' } });
    expect(liveMade.status).toBe(201);
    if (liveMade.status !== 201) return;
    expect(await demo.packages.retrieve({ params: { package_id: liveMade.body.id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });
});
