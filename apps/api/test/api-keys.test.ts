import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { newTeamUserThroughApi } from './support/applications.js';
import { listAuditEntries } from '@svc/db/testing';

describe.each(apiTargets({ everyDatabase: true }))('API keys on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let other: BootstrappedAccount;

  const status = async (key: string, path = '/api/v1/packages/') =>
    (await rawRequest(`${svc.url}${path}`, { apiKey: key })).status;

  const newTeamUser = () => newTeamUserThroughApi({ admin, account });

  const issue = async (client: SvcClient, body: Parameters<SvcClient['apiKeys']['create']>[0]['body']) => {
    const created = await client.apiKeys.create({ body });
    if (created.status !== 201) throw new Error(`key: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body;
  };

  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
    other = await svc.newPartner('Other partner');
  });
  afterAll(() => svc?.close());

  it('issues a team user a live key that sees only its team, and refuses it once revoked', async () => {
    const { teamId, userId } = await newTeamUser();
    const ownPackage = await admin.packages.create({
      body: { name: 'Own', team: teamId, request_flags: ['request_softcheck'] },
    });
    const foreignPackage = await admin.packages.create({
      body: { name: 'Foreign', team: account.teams.hr, request_flags: ['request_softcheck'] },
    });
    if (ownPackage.status !== 201 || foreignPackage.status !== 201) throw new Error('packages not created');

    const key = await issue(admin, { user_id: userId, environment: 'live', name: 'CRM integration' });
    expect(key).toMatchObject({
      user_id: userId,
      environment: 'live',
      scope: 'read_write',
      name: 'CRM integration',
      expires: null,
      last_used: null,
      revoked: null,
    });
    expect(key.secret).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.secret.endsWith(key.last_four!)).toBe(true);
    // Stored as a hash only.
    const [row] = (await svc.db.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [key.id])) as Array<
      Record<string, unknown>
    >;
    expect(row?.key_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(13, -4));

    const teamUser = svc.client(key.secret);
    const packages = await teamUser.packages.list({ query: {} });
    expect(packages.status).toBe(200);
    if (packages.status !== 200) return;
    // Its team's packages only: its default one and the one made for it.
    const teamPackages = packages.body.results.filter((item) => !item.is_default).map((item) => item.id);
    expect(teamPackages).toEqual([ownPackage.body.id]);
    expect(packages.body.results.every((item) => item.team === ownPackage.body.team)).toBe(true);
    expect((await teamUser.packages.retrieve({ params: { package_id: foreignPackage.body.id } })).status).toBe(404);
    expect((await teamUser.users.list({ query: {} })).status).toBe(403);

    expect((await admin.apiKeys.revoke({ params: { api_key_id: key.id } })).status).toBe(204);
    // The process that revoked it refuses it at once (the other processes within 5 s: key-revocation.test.ts).
    expect(await status(key.secret)).toBe(401);
    const listed = await admin.apiKeys.retrieve({ params: { api_key_id: key.id } });
    expect(listed.status === 200 && listed.body.revoked).toEqual(expect.any(String));
    // Revoking again changes nothing.
    expect((await admin.apiKeys.revoke({ params: { api_key_id: key.id } })).status).toBe(204);
  });

  it('rotates a key: both work through the overlap, the old one fails after it', async () => {
    const { userId } = await newTeamUser();
    const old = await issue(admin, {
      user_id: userId,
      environment: 'live',
      name: 'Nightly export',
      scope: 'read_only',
    });
    expect(await status(old.secret)).toBe(200);
    const rotated = await admin.apiKeys.rotate({ params: { api_key_id: old.id }, body: { overlap_seconds: 120 } });
    expect(rotated.status).toBe(201);
    if (rotated.status !== 201) return;
    expect(rotated.body).toMatchObject({
      user_id: userId,
      environment: 'live',
      scope: 'read_only',
      name: 'Nightly export',
    });
    expect(rotated.body.id).not.toBe(old.id);
    const overlapEnd = Date.parse(rotated.body.predecessor.expires!);
    expect(overlapEnd - Date.now()).toBeGreaterThan(110_000);
    expect(await status(old.secret)).toBe(200);
    expect(await status(rotated.body.secret)).toBe(200);
    // The test clock passes the end of the overlap: the old key fails, its successor works.
    svc.advanceClock(121_000);
    try {
      expect(await status(old.secret)).toBe(401);
      expect(await status(rotated.body.secret)).toBe(200);
      // An expired key cannot be rotated again.
      expect((await admin.apiKeys.rotate({ params: { api_key_id: old.id }, body: {} })).status).toBe(409);
    } finally {
      svc.advanceClock(-121_000);
    }
    // Overlap 0 ends the old key at once.
    const next = await admin.apiKeys.rotate({ params: { api_key_id: rotated.body.id }, body: { overlap_seconds: 0 } });
    expect(next.status).toBe(201);
    expect(await status(rotated.body.secret)).toBe(401);
    // No body: the default overlap of a day.
    if (next.status !== 201) return;
    const byDefault = await rawRequest(`${svc.url}/api/v1/api-keys/${next.body.id}/rotate/`, {
      method: 'POST',
      apiKey: account.api_keys.live,
    });
    expect(byDefault.status).toBe(201);
    expect(Date.parse(byDefault.body.predecessor.expires) - Date.now()).toBeGreaterThan(86_000_000);
  });

  it('refuses every write of a read-only key with 403 insufficient_scope, and answers its reads', async () => {
    const readOnly = await issue(admin, { environment: 'live', name: 'Dashboard', scope: 'read_only' });
    const client = svc.client(readOnly.secret);
    expect((await client.packages.list({ query: {} })).status).toBe(200);
    expect((await client.apiKeys.list({ query: {} })).status).toBe(200);
    const writes = [
      await client.packages.create({
        body: { name: 'No', team: account.teams.hr, request_flags: ['request_softcheck'] },
      }),
      await client.apiKeys.create({ body: { environment: 'live', name: 'Escalation' } }),
      await client.apiKeys.rotate({ params: { api_key_id: readOnly.id }, body: {} }),
      await client.apiKeys.revoke({ params: { api_key_id: readOnly.id } }),
      await client.users.update({
        params: { user_id: account.user_id },
        body: {
          first_name: 'X',
          last_name: 'Y',
          email: 'x@example.com',
          language: 'en',
          is_active: true,
          team: account.teams.hr,
        },
      }),
    ];
    for (const write of writes) expect(write).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    const after = await admin.apiKeys.retrieve({ params: { api_key_id: readOnly.id } });
    expect(after.status === 200 && after.body.revoked).toBeNull();
  });

  it('lets a team user manage only its own keys, and a demo key only read them', async () => {
    const { userId } = await newTeamUser();
    const first = await issue(admin, { user_id: userId, environment: 'live', name: 'First' });
    const teamUser = svc.client(first.secret);
    const own = await issue(teamUser, { environment: 'demo', name: 'Own test key' });
    expect(own).toMatchObject({ user_id: userId, environment: 'demo' });
    expect(own.secret).toMatch(/^svc_demo_/);
    // Another user of the partner is outside what a team user sees.
    expect(
      (await teamUser.apiKeys.create({ body: { user_id: account.user_id, environment: 'live', name: 'Not mine' } }))
        .status,
    ).toBe(404);
    const adminKeyId = (await admin.apiKeys.list({ query: { user_id: account.user_id } })).body;
    const adminKeys = adminKeyId && 'results' in adminKeyId ? adminKeyId.results : [];
    expect(adminKeys.length).toBeGreaterThanOrEqual(2);
    for (const adminKey of adminKeys) {
      expect((await teamUser.apiKeys.retrieve({ params: { api_key_id: adminKey.id } })).status).toBe(404);
      expect((await teamUser.apiKeys.revoke({ params: { api_key_id: adminKey.id } })).status).toBe(404);
    }
    const listed = await teamUser.apiKeys.list({ query: {} });
    expect(listed.status === 200 && listed.body.results.map((key) => key.id)).toEqual([first.id, own.id]);
    const filtered = await teamUser.apiKeys.list({ query: { user_id: account.user_id } });
    expect(filtered.status === 200 && filtered.body.count).toBe(0);

    const demo = svc.client(account.api_keys.demo);
    expect((await demo.apiKeys.list({ query: {} })).status).toBe(200);
    expect(await demo.apiKeys.create({ body: { environment: 'demo', name: 'From demo' } })).toMatchObject({
      status: 403,
      body: { code: 'forbidden_in_demo' },
    });
    expect(await demo.apiKeys.rotate({ params: { api_key_id: own.id }, body: {} })).toMatchObject({
      status: 403,
      body: { code: 'forbidden_in_demo' },
    });
  });

  it('answers 404 for another partner’s key ids and users, and 400 for bad input, changing nothing', async () => {
    const foreign = await issue(svc.client(other.api_keys.live), { environment: 'live', name: 'Theirs' });
    expect((await admin.apiKeys.retrieve({ params: { api_key_id: foreign.id } })).status).toBe(404);
    expect((await admin.apiKeys.revoke({ params: { api_key_id: foreign.id } })).status).toBe(404);
    expect((await admin.apiKeys.rotate({ params: { api_key_id: foreign.id }, body: {} })).status).toBe(404);
    expect((await admin.apiKeys.retrieve({ params: { api_key_id: 'not-a-uuid' } })).status).toBe(404);
    expect(
      (await admin.apiKeys.create({ body: { user_id: other.user_id, environment: 'live', name: 'Theirs' } })).status,
    ).toBe(404);
    const foreignList = await admin.apiKeys.list({ query: { user_id: other.user_id } });
    expect(foreignList.status === 200 && foreignList.body.count).toBe(0);
    expect(await status(foreign.secret)).toBe(200);

    const past = await admin.apiKeys.create({
      body: { environment: 'live', name: 'Late', expires: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past).toMatchObject({ status: 400, body: { code: 'validation_failed', errors: [{ path: 'expires' }] } });
    for (const overlap of [-1, 1.5, 40 * 86_400])
      expect(
        (await admin.apiKeys.rotate({ params: { api_key_id: foreign.id }, body: { overlap_seconds: overlap } })).status,
      ).toBe(400);
    expect(
      (
        await rawRequest(`${svc.url}/api/v1/api-keys/`, {
          method: 'POST',
          apiKey: account.api_keys.live,
          headers: { 'content-type': 'application/json' },
          body: '{"environment":"staging","name":"x"}',
        })
      ).status,
    ).toBe(400);
  });

  it('expires a key at its expiry, records its last use, and revokes every key of a user set inactive', async () => {
    const user = await newTeamUser();
    const expiring = await issue(admin, {
      user_id: user.userId,
      environment: 'live',
      name: 'Short-lived',
      expires: new Date(Date.now() + 60_000).toISOString(),
    });
    const lasting = await issue(admin, { user_id: user.userId, environment: 'demo', name: 'Lasting' });
    expect(await status(expiring.secret)).toBe(200);
    const lastUsedOf = async (id: string) => {
      const read = await admin.apiKeys.retrieve({ params: { api_key_id: id } });
      return read.status === 200 ? read.body.last_used : undefined;
    };
    const firstUse = await lastUsedOf(expiring.id);
    expect(firstUse).toEqual(expect.any(String));
    // Used again within the minute: not written again.
    expect(await status(expiring.secret)).toBe(200);
    expect(await lastUsedOf(expiring.id)).toBe(firstUse);
    expect(await status(lasting.secret)).toBe(200);
    const lastingFirstUse = await lastUsedOf(lasting.id);
    svc.advanceClock(61_000);
    try {
      expect(await status(expiring.secret)).toBe(401);
      // A minute later, a use is written again.
      expect(await status(lasting.secret)).toBe(200);
      expect(Date.parse((await lastUsedOf(lasting.id))!)).toBeGreaterThan(Date.parse(lastingFirstUse!) + 60_000);
    } finally {
      svc.advanceClock(-61_000);
    }
    const deactivated = await admin.users.update({
      params: { user_id: user.userId },
      body: {
        first_name: 'Kim',
        last_name: 'Keyholder',
        email: user.email,
        language: 'en',
        is_active: false,
        team: user.teamId,
      },
    });
    expect(deactivated.status).toBe(200);
    expect(await status(lasting.secret)).toBe(401);
    const keys = await admin.apiKeys.list({ query: { user_id: user.userId } });
    expect(keys.status === 200 && keys.body.results.every((key) => key.revoked !== null)).toBe(true);
    // An inactive user gets no new key.
    expect(
      (await admin.apiKeys.create({ body: { user_id: user.userId, environment: 'live', name: 'Again' } })).status,
    ).toBe(409);
  });

  it('shows a partner admin’s key events to partner-admin keys only, never to a team user’s key', async () => {
    const teamKey = svc.client(await svc.newTeamUserKey(account.users.hr));
    const since = new Date(Date.now() - 1000).toISOString();
    const adminKey = await issue(admin, { name: 'admin own', environment: 'live' });
    const teamUserKey = await issue(admin, { name: 'team user', environment: 'live', user_id: account.users.hr });
    expect((await admin.apiKeys.revoke({ params: { api_key_id: adminKey.id } })).status).toBe(204);
    const keyIdsIn = async (client: SvcClient) => {
      const ids: string[] = [];
      for (const type of ['api_key.created', 'api_key.revoked'] as const) {
        const listed = await client.events.list({ query: { type, page_size: 100, created_after: since } });
        if (listed.status !== 200) throw new Error(`events: ${listed.status}`);
        ids.push(
          ...listed.body.results.map(
            (event) => `${type} ${String((event.data as Record<string, unknown>)['api_key_id'])}`,
          ),
        );
      }
      return ids;
    };
    const seenByAdmin = await keyIdsIn(admin);
    expect(seenByAdmin).toEqual(
      expect.arrayContaining([
        `api_key.created ${adminKey.id}`,
        `api_key.revoked ${adminKey.id}`,
        `api_key.created ${teamUserKey.id}`,
      ]),
    );
    const seenByTeam = await keyIdsIn(teamKey);
    expect(seenByTeam).toContain(`api_key.created ${teamUserKey.id}`);
    expect(seenByTeam.filter((seen) => seen.endsWith(adminKey.id))).toEqual([]);
  });

  it('writes every key operation to the audit log: who, from where, on which key', async () => {
    const key = await issue(admin, { environment: 'live', name: 'Audited' });
    await admin.apiKeys.retrieve({ params: { api_key_id: key.id } });
    await admin.apiKeys.rotate({ params: { api_key_id: key.id }, body: { overlap_seconds: 0 } });
    await admin.apiKeys.revoke({ params: { api_key_id: key.id } });
    const entries = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'api_key',
      subjectId: key.id,
    });
    expect(entries.map((entry) => entry.action)).toEqual([
      'api_key.created',
      'api_key.retrieved',
      'api_key.rotated',
      'api_key.revoked',
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({
        partner_id: account.partner_id,
        actor_user_id: account.user_id,
        ip_address: expect.any(String),
      });
  });
});
