import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient, UserBody } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';

const uniqueEmail = () => `user-${randomUUID()}@example.com`;

const userBody = (team: string): UserBody => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: uniqueEmail(),
  language: 'en',
  is_active: true,
  team,
});

describe.each(apiTargets({ everyDatabase: true }))('users on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let other: BootstrappedAccount;

  const userCount = async () => {
    const listed = await admin.users.list({ query: {} });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
    return listed.body.count;
  };

  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
    other = await svc.newPartner('Other partner');
  });
  afterAll(() => svc?.close());

  it('creates, retrieves and updates a user', async () => {
    const body = userBody(account.teams.hr);
    const { is_active: _default, ...withoutActive } = body;
    const created = await admin.users.create({ body: withoutActive as UserBody });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body).toEqual({
      id: expect.any(String),
      first_name: 'Grace',
      last_name: 'Hopper',
      email: body.email,
      language: 'en',
      is_active: true,
      team: account.teams.hr,
    });

    const retrieved = await admin.users.retrieve({ params: { user_id: created.body.id } });
    expect(retrieved).toMatchObject({ status: 200, body: { ...created.body, superteam: account.superteam_id } });
    expect(retrieved.status === 200 && Object.keys(retrieved.body).sort()).toEqual([
      'email',
      'first_name',
      'id',
      'is_active',
      'language',
      'last_name',
      'superteam',
      'team',
    ]);

    const update = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail(),
      language: 'fr' as const,
      is_active: false,
      team: account.teams.pm,
    };
    const updated = await admin.users.update({ params: { user_id: created.body.id }, body: update });
    expect(updated).toMatchObject({ status: 200, body: { ...update, id: created.body.id } });
    expect(updated.status === 200 && updated.body).not.toHaveProperty('superteam');
    expect(await admin.users.retrieve({ params: { user_id: created.body.id } })).toMatchObject({
      status: 200,
      body: { ...update, superteam: account.superteam_id },
    });

    // Keeping one's own email is no conflict.
    expect(
      await admin.users.update({ params: { user_id: created.body.id }, body: { ...update, first_name: 'Augusta' } }),
    ).toMatchObject({ status: 200, body: { first_name: 'Augusta' } });
  });

  it('lists users with only the list fields, filtered by superteam, team and activity, paginated', async () => {
    const superteam = await admin.superteams.create({
      body: {
        name: `Users superteam ${randomUUID().slice(0, 8)}`,
        street_address: '1 Front St',
        city: 'Toronto',
        postal_code: 'M5J 2N1',
        province_state: 'ON',
        country: 'CA',
        is_secure_sms_enabled: false,
      },
    });
    if (superteam.status !== 201) throw new Error(`superteam create answered ${superteam.status}`);
    const team = await admin.teams.create({
      body: {
        name: `Users team ${randomUUID().slice(0, 8)}`,
        type: 'HR',
        country: 'CA',
        superteam: superteam.body.id,
        province_state: 'ON',
        pre_pay: false,
      },
    });
    if (team.status !== 201) throw new Error(`team create answered ${team.status}`);
    const ids: string[] = [];
    for (const is_active of [true, false, true]) {
      const created = await admin.users.create({ body: { ...userBody(team.body.id), is_active } });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      ids.push(created.body.id);
    }

    const byTeam = await admin.users.list({ query: { team: team.body.id } });
    expect(byTeam.status).toBe(200);
    if (byTeam.status !== 200) return;
    expect(byTeam.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(byTeam.body.results.map((user) => user.id)).toEqual(ids);
    expect(byTeam.body.results[0]).toEqual({
      id: ids[0],
      first_name: 'Grace',
      last_name: 'Hopper',
      is_active: true,
      superteam: superteam.body.id,
      team: team.body.id,
    });

    const bySuperteam = await admin.users.list({ query: { superteam: superteam.body.id } });
    expect(bySuperteam.status === 200 && bySuperteam.body.results.map((user) => user.id)).toEqual(ids);
    const inactive = await admin.users.list({ query: { team: team.body.id, is_active: 'false' } });
    expect(inactive.status === 200 && inactive.body.results.map((user) => user.id)).toEqual([ids[1]]);
    const active = await admin.users.list({ query: { superteam: superteam.body.id, is_active: 'true' } });
    expect(active.status === 200 && active.body.results.map((user) => user.id)).toEqual([ids[0], ids[2]]);
    const bootstrapped = await admin.users.list({ query: { team: account.teams.hr } });
    expect(bootstrapped.status === 200 && bootstrapped.body.results.map((user) => user.id)).toEqual(
      expect.arrayContaining([account.users.hr, account.user_id]),
    );

    const all = await admin.users.list({ query: {} });
    if (all.status !== 200) throw new Error(`list answered ${all.status}`);
    for (const user of all.body.results)
      expect(Object.keys(user).sort()).toEqual(['first_name', 'id', 'is_active', 'last_name', 'superteam', 'team']);

    const first = await admin.users.list({ query: { team: team.body.id, page_size: 2 } });
    if (first.status !== 200) throw new Error(`list answered ${first.status}`);
    expect(first.body.results.map((user) => user.id)).toEqual(ids.slice(0, 2));
    expect(Object.fromEntries(new URL(first.body.next as string).searchParams)).toEqual({
      team: team.body.id,
      page_size: '2',
      page: '2',
    });
    const second = await rawRequest(first.body.next as string, { apiKey: account.api_keys.live });
    expect(second.status).toBe(200);
    expect(second.body.results.map((user: { id: string }) => user.id)).toEqual(ids.slice(2));
    expect(second.body.previous).toContain('page=1');
    expect(await admin.users.list({ query: { team: team.body.id, page: 3, page_size: 2 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });

    expect(await admin.users.list({ query: { is_active: 'maybe' as 'true' } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'is_active' }] },
    });
    expect(await admin.users.list({ query: { team: 'nope' } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'team' }] },
    });
    // Another partner's team or superteam filters to nothing.
    expect(await admin.users.list({ query: { team: other.teams.hr } })).toMatchObject({
      status: 200,
      body: { count: 0, results: [] },
    });
    expect(await admin.users.list({ query: { superteam: other.superteam_id } })).toMatchObject({
      status: 200,
      body: { count: 0, results: [] },
    });
  });

  it('refuses a team that is not the partner’s with 400 naming `team`, changing nothing', async () => {
    const before = await userCount();
    for (const team of [other.teams.hr, randomUUID()]) {
      expect(await admin.users.create({ body: userBody(team) })).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: [{ path: 'team', code: 'not_found' }] },
      });
    }
    expect(await userCount()).toBe(before);
    const updated = await admin.users.update({ params: { user_id: account.users.pm }, body: userBody(other.teams.pm) });
    expect(updated).toMatchObject({ status: 400, body: { errors: [{ path: 'team' }] } });
    expect(await admin.users.retrieve({ params: { user_id: account.users.pm } })).toMatchObject({
      status: 200,
      body: { team: account.teams.pm },
    });
  });

  it('refuses an email taken in the partner, whatever its case, with 409 `conflict` naming `email`, changing nothing', async () => {
    const first = await admin.users.create({ body: userBody(account.teams.hr) });
    const second = await admin.users.create({ body: userBody(account.teams.hr) });
    if (first.status !== 201 || second.status !== 201) throw new Error('create failed');
    const before = await userCount();
    for (const email of [first.body.email, first.body.email.toUpperCase()]) {
      expect(await admin.users.create({ body: { ...userBody(account.teams.pm), email } })).toMatchObject({
        status: 409,
        body: { code: 'conflict', errors: [{ path: 'email' }] },
      });
    }
    expect(await userCount()).toBe(before);

    const updated = await admin.users.update({
      params: { user_id: second.body.id },
      body: { ...userBody(account.teams.hr), email: first.body.email },
    });
    expect(updated).toMatchObject({ status: 409, body: { code: 'conflict', errors: [{ path: 'email' }] } });
    expect(await admin.users.retrieve({ params: { user_id: second.body.id } })).toMatchObject({
      status: 200,
      body: { email: second.body.email },
    });
  });

  it('never reveals that another partner uses an email: it is accepted (201) and answered exactly as a fresh email', async () => {
    const taken = await admin.users.create({ body: userBody(account.teams.hr) });
    const takenToo = await admin.users.create({ body: userBody(account.teams.hr) });
    const spare = await admin.users.create({ body: userBody(account.teams.hr) });
    if (taken.status !== 201 || takenToo.status !== 201 || spare.status !== 201) throw new Error('create failed');
    const otherAdmin = svc.client(other.api_keys.live);
    // The same request with another partner's email and with a fresh one: the answers differ only by id and email.
    const shapeOf = (answer: { status: number; body: unknown; headers: Headers }) => {
      const { id: _id, email: _email, ...rest } = answer.body as Record<string, unknown>;
      return { status: answer.status, body: rest, type: answer.headers.get('content-type') };
    };
    for (const email of [taken.body.email, takenToo.body.email.toUpperCase()]) {
      const reused = await otherAdmin.users.create({ body: { ...userBody(other.teams.hr), email } });
      const fresh = await otherAdmin.users.create({ body: userBody(other.teams.hr) });
      expect(reused).toMatchObject({ status: 201, body: { email } });
      expect(shapeOf(reused)).toEqual(shapeOf(fresh));
    }
    // An update to another partner's email too; the first partner's users are untouched.
    const renamed = await otherAdmin.users.update({
      params: { user_id: other.users.pm },
      body: { ...userBody(other.teams.pm), email: spare.body.email },
    });
    expect(renamed).toMatchObject({ status: 200, body: { email: spare.body.email } });
    expect(await admin.users.retrieve({ params: { user_id: spare.body.id } })).toMatchObject({
      status: 200,
      body: { email: spare.body.email, team: account.teams.hr },
    });
    // Within the other partner, the email it now uses is taken.
    expect(
      await otherAdmin.users.create({ body: { ...userBody(other.teams.hr), email: spare.body.email } }),
    ).toMatchObject({ status: 409, body: { code: 'conflict', errors: [{ path: 'email' }] } });
  });

  it('answers 404 for another partner’s user, an unknown user and ids that are not UUIDs', async () => {
    for (const user_id of [other.users.hr, other.user_id, randomUUID(), 'nope']) {
      expect(await admin.users.retrieve({ params: { user_id } })).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
      expect(await admin.users.update({ params: { user_id }, body: userBody(account.teams.hr) })).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
    }
    expect(await svc.client(other.api_keys.live).users.retrieve({ params: { user_id: other.users.hr } })).toMatchObject(
      { status: 200, body: { is_active: true } },
    );
  });

  it('ignores an unknown field and names it in Svc-Ignored-Fields (as the original service did)', async () => {
    const created = await admin.users.create({ body: { ...userBody(account.teams.hr), role: 'admin' } as UserBody });
    expect(created.status).toBe(201);
    expect(created.headers.get('svc-ignored-fields')).toBe('role');
    expect(created.body).not.toHaveProperty('role');
  });

  it('refuses invalid bodies field by field', async () => {
    const before = await userCount();
    const base = userBody(account.teams.hr);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, email: 'not an email' }, 'email'],
      [{ ...base, language: 'de' }, 'language'],
      [{ ...base, is_active: 'yes' }, 'is_active'],
      [{ ...base, team: 'nope' }, 'team'],
      [{ ...base, first_name: '' }, 'first_name'],
    ];
    for (const [body, path] of cases) {
      const refused = await admin.users.create({ body: body as UserBody });
      expect(refused.status, path).toBe(400);
      expect(
        (refused.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path),
        path,
      ).toContain(path);
    }
    const { last_name: _missing, ...missing } = base;
    expect(await admin.users.create({ body: missing as UserBody })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'last_name', code: 'required' }] },
    });
    expect(
      await admin.users.update({ params: { user_id: account.users.hr }, body: missing as UserBody }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'last_name' }] } });
    expect(await userCount()).toBe(before);
  });

  it('is for partner-admin keys on API version 1.1.0 or later only', async () => {
    const teamUser = svc.client(await svc.newTeamUserKey(account.users.hr));
    const before = await userCount();
    expect(await teamUser.users.list({ query: {} })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await teamUser.users.retrieve({ params: { user_id: account.users.hr } })).toMatchObject({ status: 403 });
    expect(await teamUser.users.create({ body: userBody(account.teams.hr) })).toMatchObject({ status: 403 });
    expect(
      await teamUser.users.update({
        params: { user_id: account.users.hr },
        body: { ...userBody(account.teams.hr), is_active: false },
      }),
    ).toMatchObject({ status: 403 });
    expect(await userCount()).toBe(before);
    expect(await admin.users.retrieve({ params: { user_id: account.users.hr } })).toMatchObject({
      status: 200,
      body: { is_active: true },
    });

    const old = await svc.newPartner('Old partner');
    await svc.db.dataSource.query(`UPDATE partners SET api_version = '1.0.3' WHERE id = $1`, [old.partner_id]);
    const oldAdmin = svc.client(old.api_keys.live);
    expect(await oldAdmin.users.list({ query: {} })).toMatchObject({
      status: 403,
      body: { code: 'api_version_unsupported' },
    });
    expect(await oldAdmin.users.create({ body: userBody(old.teams.hr) })).toMatchObject({
      status: 403,
      body: { code: 'api_version_unsupported' },
    });
  });

  it('answers every arbitrary create body with a 4xx problem naming the fields (property)', async () => {
    const fields = Object.keys(userBody(account.teams.hr));
    const wrongTyped = fc
      .record({
        field: fc.constantFrom(...fields),
        value: fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.string(), { maxLength: 2 }),
          fc.object({ maxDepth: 1 }),
        ),
      })
      .filter(({ field, value }) => !(field === 'is_active' && typeof value === 'boolean'))
      .map(({ field, value }) => ({
        body: { ...userBody(account.teams.hr), [field]: value } as unknown,
        field: field as string | undefined,
      }));
    const anything = fc.anything().map((body) => ({ body, field: undefined as string | undefined }));
    const before = await userCount();
    await fc.assert(
      fc.asyncProperty(fc.oneof(anything, wrongTyped), async ({ body, field }) => {
        const json = JSON.stringify(body);
        const response = await rawRequest(`${svc.url}/api/v1/users/`, {
          method: 'POST',
          apiKey: account.api_keys.live,
          headers: { 'content-type': 'application/json' },
          ...(json === undefined ? {} : { body: json }),
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        expect(response.body).toMatchObject({ status: response.status, code: 'validation_failed' });
        expect(response.body.errors.length).toBeGreaterThan(0);
        if (field !== undefined)
          expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(field);
      }),
      { numRuns: 100 },
    );
    expect(await userCount()).toBe(before);
  });
});
