import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTeamBody, ReplaceTeamBody, SvcClient } from '@svc/contract';
import { findTeam } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { DEFAULT_ENABLED_FLAGS, defaultTeamSettingsConfig } from '@svc/domain';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

const createBody = (superteam: string): CreateTeamBody => ({
  name: unique('Team'),
  type: 'HR',
  country: 'CA',
  superteam,
  province_state: 'ON',
  pre_pay: false,
});

const replaceBody = (superteam: string): ReplaceTeamBody => ({
  name: unique('Replaced team'),
  type: 'PM',
  country: 'US',
  superteam,
  pre_pay: true,
  street_address: '500 Market St',
  city: 'San Francisco',
  postal_code: '94105',
  province_state: 'CA',
  accounting_first_name: 'Ada',
  accounting_last_name: 'Byron',
  accounting_email: 'billing@example.com',
  accounting_email_cc: 'cfo@example.com, audit@example.com',
});

describe.each(apiTargets())('teams on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let other: BootstrappedAccount;

  const teamCount = async () => {
    const listed = await admin.teams.list({ query: {} });
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

  it('creates a team with defaults, then retrieves and lists it without `type`', async () => {
    const body = createBody(account.superteam_id);
    const created = await admin.teams.create({ body: { ...body, pre_pay: undefined as unknown as boolean } });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body).toEqual({
      id: expect.any(String),
      name: body.name,
      superteam: account.superteam_id,
      type: 'HR',
      pre_pay: false,
      street_address: null,
      city: null,
      postal_code: null,
      province_state: 'ON',
      other_province_state: null,
      country: 'CA',
      accounting_first_name: null,
      accounting_last_name: null,
      accounting_email: null,
      accounting_email_cc: null,
    });

    expect(await admin.teams.retrieve({ params: { team_id: created.body.id } })).toMatchObject({
      status: 200,
      body: created.body,
    });

    const listed = await admin.teams.list({ query: {} });
    expect(listed.status).toBe(200);
    if (listed.status !== 200) return;
    const { type: _type, ...item } = created.body;
    expect(listed.body.results.find((team) => team.id === created.body.id)).toEqual(item);
    for (const team of listed.body.results) expect(team).not.toHaveProperty('type');
  });

  it('starts a new team with the default settings and reference templates', async () => {
    const body = { ...createBody(account.superteam_id), type: 'PM' as const };
    const created = await admin.teams.create({ body });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const team = await findTeam(svc.db.dataSource.manager, { partnerId: account.partner_id, teamId: created.body.id });
    expect(team?.settingsConfig).toEqual(defaultTeamSettingsConfig({ name: body.name, type: 'PM' }));
    for (const flag of DEFAULT_ENABLED_FLAGS) expect(team?.settingsConfig[flag]).toBe(true);

    const address = await admin.teams.listAddressReferenceTemplates({ params: { team_id: created.body.id } });
    const employer = await admin.teams.listEmployerReferenceTemplates({ params: { team_id: created.body.id } });
    expect(address.status).toBe(200);
    expect(employer.status).toBe(200);
    if (address.status !== 200 || employer.status !== 200) return;
    expect(address.body).toHaveLength(1);
    expect(employer.body).toHaveLength(1);
    expect(address.body[0]).toMatchObject({
      type: 'ADDRESS',
      version: '1.0',
      name: expect.any(String),
      description: expect.any(String),
    });
    expect(employer.body[0]).toMatchObject({ type: 'EMPLOYER', version: '1.0' });
    for (const template of [...address.body, ...employer.body]) {
      expect(template.questions.length).toBeGreaterThan(0);
      expect(template.questions.map((question) => question.index)).toEqual(template.questions.map((_, index) => index));
      expect(Object.keys(template.questions[0] ?? {}).sort()).toEqual(
        [
          'id',
          'index',
          'is_required',
          'is_verifiable',
          'multiple_choice_correct_option',
          'multiple_choice_options',
          'question',
          'type',
        ].sort(),
      );
    }
  });

  it('lists the reference templates of the bootstrapped teams, and 404 for another partner’s team or a bad id', async () => {
    const own = await admin.teams.listAddressReferenceTemplates({ params: { team_id: account.teams.hr } });
    expect(own.status).toBe(200);
    for (const route of [admin.teams.listAddressReferenceTemplates, admin.teams.listEmployerReferenceTemplates]) {
      expect(await route({ params: { team_id: other.teams.hr } })).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
      expect(await route({ params: { team_id: 'not-a-uuid' } })).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
      expect(await route({ params: { team_id: randomUUID() } })).toMatchObject({ status: 404 });
    }
  });

  it('replaces a team entirely, moving it to another superteam of the partner', async () => {
    const superteam = await admin.superteams.create({
      body: {
        name: unique('Superteam'),
        street_address: '1 Front St',
        city: 'Toronto',
        postal_code: 'M5J 2N1',
        province_state: 'ON',
        country: 'CA',
        is_secure_sms_enabled: false,
      },
    });
    if (superteam.status !== 201) throw new Error(`superteam create answered ${superteam.status}`);
    const created = await admin.teams.create({ body: createBody(account.superteam_id) });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const body = replaceBody(superteam.body.id);
    const replaced = await admin.teams.replace({ params: { team_id: created.body.id }, body });
    expect(replaced).toMatchObject({ status: 200, body: { ...body, id: created.body.id, other_province_state: null } });
    expect(await admin.teams.retrieve({ params: { team_id: created.body.id } })).toMatchObject({
      status: 200,
      body: { ...body, id: created.body.id },
    });

    const withOther = await admin.teams.replace({
      params: { team_id: created.body.id },
      body: { ...body, province_state: 'OT', other_province_state: 'Guam' },
    });
    expect(withOther).toMatchObject({ status: 200, body: { province_state: 'OT', other_province_state: 'Guam' } });
    // Settings survive a replacement.
    const team = await findTeam(svc.db.dataSource.manager, { partnerId: account.partner_id, teamId: created.body.id });
    expect(team?.settingsConfig).toEqual(defaultTeamSettingsConfig({ name: created.body.name, type: 'HR' }));
  });

  it('refuses a replacement missing a field, naming it, and changes nothing', async () => {
    const created = await admin.teams.create({ body: createBody(account.superteam_id) });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const { accounting_email: _missing, ...partial } = replaceBody(account.superteam_id);
    const refused = await admin.teams.replace({
      params: { team_id: created.body.id },
      body: partial as ReplaceTeamBody,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'accounting_email', code: 'required' }] },
    });
    expect(await admin.teams.retrieve({ params: { team_id: created.body.id } })).toMatchObject({
      status: 200,
      body: created.body,
    });
  });

  it('filters by superteam and paginates', async () => {
    const superteam = await admin.superteams.create({
      body: {
        name: unique('Paged superteam'),
        street_address: '1 Front St',
        city: 'Toronto',
        postal_code: 'M5J 2N1',
        province_state: 'ON',
        country: 'CA',
        is_secure_sms_enabled: false,
      },
    });
    if (superteam.status !== 201) throw new Error(`superteam create answered ${superteam.status}`);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const created = await admin.teams.create({ body: createBody(superteam.body.id) });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      ids.push(created.body.id);
    }
    const filtered = await admin.teams.list({ query: { superteam: superteam.body.id } });
    expect(filtered.status).toBe(200);
    if (filtered.status !== 200) return;
    expect(filtered.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(filtered.body.results.map((team) => team.id)).toEqual(ids);

    const first = await admin.teams.list({ query: { superteam: superteam.body.id, page_size: 2 } });
    if (first.status !== 200) throw new Error(`list answered ${first.status}`);
    expect(first.body.results.map((team) => team.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/teams\/\?/);
    const nextUrl = new URL(first.body.next as string);
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({
      superteam: superteam.body.id,
      page_size: '2',
      page: '2',
    });
    const second = await rawRequest(first.body.next as string, { apiKey: account.api_keys.live });
    expect(second.status).toBe(200);
    expect(second.body.results.map((team: { id: string }) => team.id)).toEqual(ids.slice(2));
    expect(second.body.previous).toContain('page=1');
    expect(await admin.teams.list({ query: { superteam: superteam.body.id, page: 3, page_size: 2 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
    expect(await admin.teams.list({ query: { superteam: 'nope' } })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'superteam' }] },
    });
    // Another partner's superteam filters to nothing: no data, no hint.
    expect(await admin.teams.list({ query: { superteam: other.superteam_id } })).toMatchObject({
      status: 200,
      body: { count: 0, results: [] },
    });
  });

  it('refuses a superteam that is not the partner’s with 400 naming `superteam`, changing nothing', async () => {
    const before = await teamCount();
    for (const superteam of [other.superteam_id, randomUUID()]) {
      const refused = await admin.teams.create({ body: createBody(superteam) });
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: [{ path: 'superteam', code: 'not_found' }] },
      });
    }
    const replaced = await admin.teams.replace({
      params: { team_id: account.teams.pm },
      body: replaceBody(other.superteam_id),
    });
    expect(replaced).toMatchObject({ status: 400, body: { errors: [{ path: 'superteam' }] } });
    expect(await teamCount()).toBe(before);
    expect(await admin.teams.retrieve({ params: { team_id: account.teams.pm } })).toMatchObject({
      status: 200,
      body: { superteam: account.superteam_id, type: 'PM' },
    });
  });

  it('refuses a taken name with 409 `conflict` naming `name`, on create and replace, changing nothing', async () => {
    const first = await admin.teams.create({ body: createBody(account.superteam_id) });
    const second = await admin.teams.create({ body: createBody(account.superteam_id) });
    if (first.status !== 201 || second.status !== 201) throw new Error('create failed');
    const before = await teamCount();
    const taken = await admin.teams.create({ body: { ...createBody(account.superteam_id), name: first.body.name } });
    expect(taken).toMatchObject({ status: 409, body: { code: 'conflict', errors: [{ path: 'name' }] } });
    expect(await teamCount()).toBe(before);
    const replaced = await admin.teams.replace({
      params: { team_id: second.body.id },
      body: { ...replaceBody(account.superteam_id), name: first.body.name },
    });
    expect(replaced).toMatchObject({ status: 409, body: { code: 'conflict', errors: [{ path: 'name' }] } });
    expect(await admin.teams.retrieve({ params: { team_id: second.body.id } })).toMatchObject({
      status: 200,
      body: second.body,
    });
    // Keeping its own name is no conflict; another partner may use the name.
    expect(
      await admin.teams.replace({
        params: { team_id: second.body.id },
        body: { ...replaceBody(account.superteam_id), name: second.body.name },
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await svc
        .client(other.api_keys.live)
        .teams.create({ body: { ...createBody(other.superteam_id), name: first.body.name } }),
    ).toMatchObject({ status: 201 });
  });

  it('answers 404 for another partner’s team and for ids that are not UUIDs', async () => {
    expect(await admin.teams.retrieve({ params: { team_id: other.teams.hr } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await admin.teams.retrieve({ params: { team_id: 'nope' } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await admin.teams.retrieve({ params: { team_id: randomUUID() } })).toMatchObject({ status: 404 });
    const replaced = await admin.teams.replace({
      params: { team_id: other.teams.hr },
      body: replaceBody(account.superteam_id),
    });
    expect(replaced).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(
      await admin.teams.replace({ params: { team_id: 'nope' }, body: replaceBody(account.superteam_id) }),
    ).toMatchObject({ status: 404 });
    expect(await svc.client(other.api_keys.live).teams.retrieve({ params: { team_id: other.teams.hr } })).toMatchObject(
      { status: 200, body: { type: 'HR' } },
    );
  });

  it('refuses invalid bodies field by field', async () => {
    const before = await teamCount();
    const base = createBody(account.superteam_id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, type: 'XX' }, 'type'],
      [{ ...base, country: 'FR' }, 'country'],
      [{ ...base, province_state: 'OT' }, 'other_province_state'],
      [{ ...base, accounting_email: 'not an email' }, 'accounting_email'],
      [{ ...base, superteam: 'nope' }, 'superteam'],
      [{ ...base, name: '   ' }, 'name'],
    ];
    for (const [body, path] of cases) {
      const refused = await admin.teams.create({ body: body as CreateTeamBody });
      expect(refused.status, path).toBe(400);
      expect(
        (refused.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path),
        path,
      ).toContain(path);
    }
    const { name: _name, ...missing } = base;
    expect(await admin.teams.create({ body: missing as CreateTeamBody })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'name', code: 'required' }] },
    });
    expect(await teamCount()).toBe(before);
  });

  it('is for partner-admin keys on API version 1.1.0 or later only', async () => {
    const teamUser = svc.client(await svc.newTeamUserKey(account.users.hr));
    const before = await teamCount();
    expect(await teamUser.teams.list({ query: {} })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await teamUser.teams.retrieve({ params: { team_id: account.teams.hr } })).toMatchObject({ status: 403 });
    expect(await teamUser.teams.create({ body: createBody(account.superteam_id) })).toMatchObject({ status: 403 });
    expect(
      await teamUser.teams.replace({ params: { team_id: account.teams.hr }, body: replaceBody(account.superteam_id) }),
    ).toMatchObject({ status: 403 });
    expect(await teamUser.teams.listAddressReferenceTemplates({ params: { team_id: account.teams.hr } })).toMatchObject(
      { status: 403 },
    );
    expect(
      await teamUser.teams.listEmployerReferenceTemplates({ params: { team_id: account.teams.hr } }),
    ).toMatchObject({ status: 403 });
    expect(await teamCount()).toBe(before);

    const old = await svc.newPartner('Old partner');
    await svc.db.dataSource.query(`UPDATE partners SET api_version = '1.0.3' WHERE id = $1`, [old.partner_id]);
    const oldAdmin = svc.client(old.api_keys.live);
    expect(await oldAdmin.teams.list({ query: {} })).toMatchObject({
      status: 403,
      body: { code: 'api_version_unsupported' },
    });
    expect(await oldAdmin.teams.create({ body: createBody(old.superteam_id) })).toMatchObject({
      status: 403,
      body: { code: 'api_version_unsupported' },
    });
  });

  it('ignores an unknown field and names it in Svc-Ignored-Fields (as the original service did)', async () => {
    const created = await admin.teams.create({
      body: { ...createBody(account.superteam_id), colour: 'blue' } as CreateTeamBody,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('svc-ignored-fields')).toBe('colour');
    expect(created.body).not.toHaveProperty('colour');
  });

  it('answers every arbitrary create body with a 4xx problem naming the fields (property)', async () => {
    const fields = Object.keys(createBody(account.superteam_id));
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
      .filter(({ field, value }) => !(field === 'pre_pay' && typeof value === 'boolean'))
      .map(({ field, value }) => ({
        body: { ...createBody(account.superteam_id), [field]: value } as unknown,
        field: field as string | undefined,
      }));
    const anything = fc.anything().map((body) => ({ body, field: undefined as string | undefined }));
    const before = await teamCount();
    await fc.assert(
      fc.asyncProperty(fc.oneof(anything, wrongTyped), async ({ body, field }) => {
        const json = JSON.stringify(body);
        const response = await rawRequest(`${svc.url}/api/v1/teams/`, {
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
    expect(await teamCount()).toBe(before);
  });
});
