import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hrApplicantListItemSchema,
  hrApplicationSchema,
  paginated,
  pmApplicantListItemSchema,
  type SvcClient,
} from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';
import { fullInformation, location, newApiTeamWithUser } from './support/applications.js';

const hrPage = paginated(hrApplicantListItemSchema, 'HR applicants');
const pmPage = paginated(pmApplicantListItemSchema, 'PM applicants');

describe.each(apiTargets({ everyDatabase: true }))('finding applicants on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  const unique = () => randomUUID().slice(0, 8);

  async function quickScreen(
    client: SvcClient,
    { ownerId, email, lastName, extra = {} }: { ownerId: string; email: string; lastName: string; extra?: object },
  ) {
    const answer = await client.hr.quickScreen({
      body: {
        email,
        information: { ...fullInformation(), first_name: 'Zoë-Ann', last_name: lastName },
        position_or_property_location: location,
        owner_id: ownerId,
        request_softcheck: true,
        ...extra,
      },
    });
    if (answer.status !== 201) throw new Error(`quick screen ${answer.status}: ${JSON.stringify(answer.body)}`);
    return hrApplicationSchema.parse(answer.body);
  }

  const found = async (query: Record<string, string>, client = admin) => {
    const listed = await client.hr.listApplicants({ query: { page_size: 100, ...query } });
    if (listed.status !== 200) throw new Error(`list ${listed.status}: ${JSON.stringify(listed.body)}`);
    return hrPage
      .parse(listed.body)
      .results.map((item) => item.id)
      .sort();
  };

  it('finds an applicant by email, phone, name prefix and external_id, and no other team’s', async () => {
    const tag = unique();
    const email = `Grace.${tag}@Example.com`;
    const surname = `Hoppér${tag}`;
    const externalId = `cand-${tag}`;
    const record = await quickScreen(admin, {
      ownerId: account.users.hr,
      email,
      lastName: surname,
      extra: { external_id: externalId, metadata: { requisition: `REQ-${tag}` } },
    });
    expect(record).toMatchObject({ external_id: externalId, metadata: { requisition: `REQ-${tag}` } });
    const invited = await admin.hr.invite({
      body: {
        email: `phone.${tag}@example.com`,
        phone_number: {
          phone_type: 'MOBILE',
          number: `+1 (416) 555-${tag.replace(/\D/g, '0').slice(0, 4)}`,
          country: 'CA',
        },
        owner_id: account.users.hr,
        request_softcheck: true,
      },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const invitedId = invited.body.applicant.id;

    // Another team of the partner, ordering with the same email and name, through its own team user's key.
    const other = await newApiTeamWithUser({ admin, db: svc.db, account }, 'HR');
    const key = await admin.apiKeys.create({
      body: { user_id: other.userId, environment: 'live', name: 'Other team' },
    });
    if (key.status !== 201) throw new Error(`key ${key.status}`);
    const teamUser = svc.client(key.body.secret);
    const theirs = await quickScreen(teamUser, { ownerId: other.userId, email, lastName: surname });

    expect(await found({ email: email.toLowerCase() })).toEqual([record.id, theirs.id].sort());
    expect(await found({ email: ` ${email.toUpperCase()} ` })).toEqual([record.id, theirs.id].sort());
    expect(await found({ email, application__team__id: account.teams.hr })).toEqual([record.id]);
    expect(await found({ email }, teamUser)).toEqual([theirs.id]);
    expect(await found({ external_id: externalId })).toEqual([record.id]);
    expect(await found({ external_id: externalId }, teamUser)).toEqual([]);
    expect(await found({ name: `hopper${tag}`.slice(0, 9) })).toEqual([record.id, theirs.id].sort());
    expect(await found({ name: `zoe ${surname.slice(0, 6)}`, application__team__id: account.teams.hr })).toEqual([
      record.id,
    ]);
    expect(await found({ name: `ann HOPPE${surname.slice(5, 7)}`, owner: account.users.hr })).toEqual([record.id]);
    expect(await found({ name: `zoe${tag}` })).toEqual([]);
    const digits = `416555${tag.replace(/\D/g, '0').slice(0, 4)}`;
    expect(await found({ phone: digits })).toEqual([invitedId]);
    expect(await found({ phone: `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` })).toEqual([
      invitedId,
    ]);
    expect(await found({ email: `phone.${tag}@example.com`, status: 'Pending', report_status: 'SENT' })).toEqual([
      invitedId,
    ]);
    expect(await found({ email: `phone.${tag}@example.com`, report_status: 'IN_PROGRESS' })).toEqual([]);
    expect(await found({ email, check: 'request_softcheck', result: 'NONE' })).toEqual([record.id, theirs.id].sort());
    expect(await found({ email, check: 'request_bureau' })).toEqual([]);
    expect(await found({ email, adjudication_status: 'NONE' })).toEqual([record.id, theirs.id].sort());
    const created = new Date(record.created).getTime();
    expect(await found({ email, created_before: new Date(created).toISOString() })).toEqual([]);
    expect(
      await found({ email, created_after: new Date(created).toISOString(), application__team__id: account.teams.hr }),
    ).toEqual([record.id]);
    expect(await found({ email, updated_after: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);

    // The list item echoes the order's ids; the blind index holds no readable value.
    const listed = await admin.hr.listApplicants({ query: { external_id: externalId } });
    expect(listed.status === 200 && listed.body.results[0]).toMatchObject({
      external_id: externalId,
      metadata: { requisition: `REQ-${tag}` },
    });
    const [row] = (await svc.db.dataSource.query(`SELECT search_terms::text AS terms FROM applicants WHERE id = $1`, [
      record.id,
    ])) as Array<{ terms: string }>;
    // Words of four letters and more, and the tag: the terms are random-looking, and some held a random "zoe".
    expect(row!.terms.toLowerCase()).not.toMatch(new RegExp(`grace|hopp|example|${tag.toLowerCase()}`));
  });

  it('does not find another partner’s applicants, and answers 400 naming a bad filter', async () => {
    const tag = unique();
    const email = `shared.${tag}@example.com`;
    const mine = await quickScreen(admin, { ownerId: account.users.hr, email, lastName: `Same${tag}` });
    const otherAccount = await svc.newPartner('Other partner');
    const theirs = await quickScreen(svc.client(otherAccount.api_keys.live), {
      ownerId: otherAccount.users.hr,
      email,
      lastName: `Same${tag}`,
    });
    expect(await found({ email })).toEqual([mine.id]);
    expect(await found({ email }, svc.client(otherAccount.api_keys.live))).toEqual([theirs.id]);

    for (const [parameter, value] of [
      ['status', 'Done'],
      ['report_status', 'nope'],
      ['result', 'GREEN'],
      ['adjudication_status', 'maybe'],
      ['check', 'request_everything'],
      ['created_after', 'yesterday'],
      ['updated_before', '2025-13-01'],
      ['email', 'not-an-email'],
      ['phone', 'call me'],
      ['name', '!!'],
      ['owner', 'someone'],
      ['external_id', ''],
    ] as const) {
      const response = await fetch(`${svc.url}/api/v1/hr/applicants/?${parameter}=${encodeURIComponent(value)}`, {
        headers: { authorization: `Bearer ${account.api_keys.live}` },
      });
      expect(response.status, parameter).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await response.json()) as { code: string; errors: Array<{ path: string }> };
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((error) => error.path)).toContain(parameter);
    }
  });

  it('refuses a second order with an external_id of the team (409), accepts it in another team', async () => {
    const externalId = `req-${unique()}`;
    const first = await quickScreen(admin, {
      ownerId: account.users.hr,
      email: `first.${unique()}@example.com`,
      lastName: 'First',
      extra: { external_id: externalId },
    });
    const again = await admin.hr.quickScreen({
      body: {
        email: `second.${unique()}@example.com`,
        information: fullInformation(),
        position_or_property_location: location,
        owner_id: account.users.hr,
        request_softcheck: true,
        external_id: externalId,
      },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', errors: [{ path: 'external_id', code: 'taken' }] });
    const invited = await admin.hr.invite({
      body: {
        email: `third.${unique()}@example.com`,
        owner_id: account.users.hr,
        request_softcheck: true,
        external_id: externalId,
      },
    });
    expect(invited.status).toBe(409);
    expect(await found({ external_id: externalId })).toEqual([first.id]);

    const other = await newApiTeamWithUser({ admin, db: svc.db, account }, 'HR');
    const elsewhere = await quickScreen(admin, {
      ownerId: other.userId,
      email: `fourth.${unique()}@example.com`,
      lastName: 'Fourth',
      extra: { external_id: externalId },
    });
    expect(await found({ external_id: externalId })).toEqual([first.id, elsewhere.id].sort());

    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, 'v']));
    for (const metadata of [tooMany, { 'bad key': 'v' }, { key: 'x'.repeat(501) }, { key: 1 }]) {
      const refused = await admin.hr.invite({
        body: {
          email: `meta.${unique()}@example.com`,
          owner_id: account.users.hr,
          request_softcheck: true,
          metadata,
        } as never,
      });
      expect(refused.status).toBe(400);
    }
  });

  it('filters the PM lists in both path forms, and echoes external_id on each applicant of the order and its events', async () => {
    const tag = unique();
    const externalId = `lease-${tag}`;
    const invited = await admin.pmV2.invite({
      body: {
        email: `tenant.${tag}@example.com`,
        information: { first_name: 'Ruth', last_name: `Tenant${tag}` },
        grouped_applicants: [{ email: `roommate.${tag}@example.com` }],
        owner_id: account.users.pm,
        request_softcheck: true,
        external_id: externalId,
        metadata: { unit: '4B' },
      },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    for (const list of [admin.pmV2.listApplicants, admin.pm.listApplicants]) {
      const byId = await list({ query: { external_id: externalId } });
      expect(byId.status).toBe(200);
      const items = pmPage.parse(byId.body).results;
      expect(items).toHaveLength(2);
      expect(items.every((item) => item.external_id === externalId && item.metadata['unit'] === '4B')).toBe(true);
      const byName = await list({ query: { name: `tenant${tag}` } });
      expect(pmPage.parse(byName.body).results.map((item) => item.applicant_account.email)).toEqual([
        `tenant.${tag}@example.com`,
      ]);
    }
    const events = (await svc.db.dataSource.query(
      `SELECT data FROM events WHERE type = 'application.created' AND data->>'external_id' = $1`,
      [externalId],
    )) as Array<{ data: { metadata: Record<string, string> } }>;
    expect(events).toHaveLength(2);
    expect(events[0]!.data.metadata).toEqual({ unit: '4B' });
  });
});
