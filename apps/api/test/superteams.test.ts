import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';

const superteamBody = {
  name: 'Northwind Staffing',
  street_address: '1 Front St',
  city: 'Toronto',
  postal_code: 'M5J 2N1',
  province_state: 'ON',
  country: 'CA' as const,
  is_secure_sms_enabled: true,
};

describe.each(apiTargets())('superteams on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  it('creates, retrieves, lists and updates a superteam', async () => {
    const created = await admin.superteams.create({ body: superteamBody });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Northwind Staffing',
      is_secure_sms_enabled: true,
      street_address: '1 Front St',
      city: 'Toronto',
      postal_code: 'M5J 2N1',
      province_state: 'ON',
      country: 'CA',
    });

    const retrieved = await admin.superteams.retrieve({ params: { superteam_id: created.body.id } });
    expect(retrieved).toMatchObject({
      status: 200,
      body: { ...superteamBody, id: created.body.id, is_report_id_enabled: false, other_province_state: null },
    });

    const listed = await admin.superteams.list({ query: {} });
    expect(listed.status).toBe(200);
    if (listed.status !== 200) return;
    expect(listed.body.count).toBe(2);
    expect(listed.body.results.map((item) => item.id)).toEqual([account.superteam_id, created.body.id]);
    expect(Object.keys(listed.body.results[0] ?? {}).sort()).toEqual(['id', 'name']);

    const updated = await admin.superteams.update({
      params: { superteam_id: created.body.id },
      body: {
        ...superteamBody,
        name: 'Northwind Staffing East',
        is_report_id_enabled: true,
        province_state: 'OT',
        other_province_state: 'Nunavik',
      },
    });
    expect(updated.status).toBe(200);
    if (updated.status !== 200) return;
    expect(Array.isArray(updated.body)).toBe(true);
    expect(updated.body[0]).toMatchObject({
      id: created.body.id,
      name: 'Northwind Staffing East',
      province_state: 'OT',
      active_user_count: 0,
    });
  });

  it('refuses other_province_state missing for OT and countries outside CA, US, GB, AU, changing nothing', async () => {
    const before = await admin.superteams.list({ query: {} });
    const other = await admin.superteams.create({ body: { ...superteamBody, province_state: 'OT' } });
    expect(other).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'other_province_state', code: 'required' }] },
    });
    const france = await admin.superteams.create({ body: { ...superteamBody, country: 'FR' as 'CA' } });
    expect(france).toMatchObject({ status: 400, body: { errors: [{ path: 'country' }] } });
    const after = await admin.superteams.list({ query: {} });
    expect(after.status === 200 && before.status === 200 && after.body.count).toBe(
      before.status === 200 && before.body.count,
    );
  });

  it('answers 404 for another partner’s superteam and for ids that are not UUIDs', async () => {
    const other = await svc.newPartner('Other partner');
    expect(await admin.superteams.retrieve({ params: { superteam_id: other.superteam_id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await admin.superteams.retrieve({ params: { superteam_id: 'nope' } })).toMatchObject({ status: 404 });
    const update = await admin.superteams.update({
      params: { superteam_id: other.superteam_id },
      body: { ...superteamBody, is_report_id_enabled: false },
    });
    expect(update.status).toBe(404);
  });

  it('paginates with absolute next and previous links and refuses a page past the end', async () => {
    for (let index = 0; index < 3; index += 1)
      await admin.superteams.create({ body: { ...superteamBody, name: `Page ${index}` } });
    const first = await admin.superteams.list({ query: { page_size: 2 } });
    expect(first.status).toBe(200);
    if (first.status !== 200) return;
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/superteams\/\?page_size=2&page=2$/);
    const second = await fetch(first.body.next as string, {
      headers: { authorization: `Bearer ${account.api_keys.live}` },
    });
    const secondBody = (await second.json()) as { previous: string; results: unknown[] };
    expect(secondBody.previous).toContain('page=1');
    const pages = Math.ceil(first.body.count / 2);
    expect(await admin.superteams.list({ query: { page: pages + 1, page_size: 2 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
    expect(await admin.superteams.list({ query: { page: 0 } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'page' }] },
    });
  });

  it('is for partner-admin keys only', async () => {
    const teamUserKey = await svc.newTeamUserKey(account.users.hr);
    expect(await svc.client(teamUserKey).superteams.list({ query: {} })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
  });

  it('needs the partner on API version 1.1.0 or later', async () => {
    const old = await svc.newPartner('Old partner');
    await svc.db.dataSource.query(`UPDATE partners SET api_version = '1.0.3' WHERE id = $1`, [old.partner_id]);
    expect(await svc.client(old.api_keys.live).superteams.list({ query: {} })).toMatchObject({
      status: 403,
      body: { code: 'api_version_unsupported' },
    });
  });
});
