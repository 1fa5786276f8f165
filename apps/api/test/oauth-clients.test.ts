import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { listAuditEntries } from '@svc/db/testing';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe.each(apiTargets({ everyDatabase: true }))('OAuth2 client credentials on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let other: BootstrappedAccount;
  let admin: SvcClient;

  const tokenRequest = (body: string, headers: Record<string, string> = {}) =>
    rawRequest(`${svc.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
  const newClient = async (client = admin, userId = account.users.hr) => {
    const created = await client.oauthClients.create({ body: { user: userId, name: 'Payroll sync' } });
    if (created.status !== 201) throw new Error(`client not created: ${JSON.stringify(created.body)}`);
    return created.body;
  };

  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
    other = await svc.newPartner('Other partner');
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  it('gives a client a bearer token acting for its user, by Basic or form authentication', async () => {
    const client = await newClient();
    expect(client).toEqual({
      id: client.client_id,
      client_id: expect.any(String),
      client_secret: expect.stringMatching(/^svc_secret_/),
      user: account.users.hr,
      name: 'Payroll sync',
      created: expect.any(String),
      revoked: null,
    });
    const byBasic = await tokenRequest(form({ grant_type: 'client_credentials' }), {
      authorization: basic(client.client_id, client.client_secret),
    });
    expect(byBasic.status).toBe(200);
    expect(byBasic.body).toEqual({
      access_token: expect.stringMatching(/^svc_oauth_/),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      scope: 'api',
    });
    // The library counts whole seconds left: 3600, or 3599 once a millisecond has passed.
    expect(byBasic.body.expires_in).toBeGreaterThanOrEqual(3599);
    expect(byBasic.body.expires_in).toBeLessThanOrEqual(3600);
    expect(byBasic.headers.get('cache-control')).toContain('no-store');
    const packages = await rawRequest(`${svc.url}/api/v1/packages/`, { apiKey: byBasic.body.access_token });
    expect(packages.status).toBe(200);
    // The client's user is a team user: no administration.
    expect((await rawRequest(`${svc.url}/api/v1/users/`, { apiKey: byBasic.body.access_token })).status).toBe(403);

    const byForm = await tokenRequest(
      form({
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
        scope: 'api',
      }),
    );
    expect(byForm.status).toBe(200);
    expect(byForm.body.access_token).not.toBe(byBasic.body.access_token);
  });

  it('lets a 1-hour token issue no credential that outlives it: no key without expiry or past its end, no OAuth client, no rotation of a lasting key; a partner-admin key issues any', async () => {
    const tokenOf = async (userId: string) => {
      const client = await newClient(admin, userId);
      const answer = await tokenRequest(form({ grant_type: 'client_credentials' }), {
        authorization: basic(client.client_id, client.client_secret),
      });
      expect(answer.status).toBe(200);
      return svc.client(answer.body.access_token as string);
    };
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    for (const userId of [account.users.hr, account.user_id]) {
      const token = await tokenOf(userId);
      const lasting = await token.apiKeys.create({ body: { name: 'forever', environment: 'live' } });
      expect(lasting.status, JSON.stringify(lasting.body)).toBe(403);
      expect(lasting.body).toMatchObject({ code: 'forbidden' });
      const later = await token.apiKeys.create({ body: { name: 'late', environment: 'live', expires: inMinutes(90) } });
      expect(later.status).toBe(403);
      const within = await token.apiKeys.create({
        body: { name: 'soon', environment: 'live', expires: inMinutes(30) },
      });
      expect(within.status, JSON.stringify(within.body)).toBe(201);
    }
    const adminToken = await tokenOf(account.user_id);
    const client = await adminToken.oauthClients.create({ body: { user: account.users.hr, name: 'Escalation' } });
    expect(client.status).toBe(403);
    // Rotating a key that never expires issues a successor that never expires: not with a token.
    const lastingKey = await admin.apiKeys.create({ body: { name: 'lasting', environment: 'live' } });
    if (lastingKey.status !== 201) throw new Error('no key');
    const rotated = await adminToken.apiKeys.rotate({ params: { api_key_id: lastingKey.body.id }, body: {} });
    expect(rotated.status).toBe(403);
    expect((await rawRequest(`${svc.url}/api/v1/packages/`, { apiKey: lastingKey.body.secret })).status).toBe(200);
    // The partner-admin key is the root: it issues lasting keys and clients.
    expect(lastingKey.body.expires).toBeNull();
    expect((await admin.oauthClients.create({ body: { user: account.users.hr, name: 'Root' } })).status).toBe(201);
  });

  it('answers RFC 6749 errors: invalid_client (401, WWW-Authenticate), unsupported_grant_type, unauthorized_client, invalid_request, invalid_scope', async () => {
    const client = await newClient();
    const wrongSecret = await tokenRequest(form({ grant_type: 'client_credentials' }), {
      authorization: basic(client.client_id, `${client.client_secret}x`),
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toEqual({
      error: 'invalid_client',
      error_description: 'The client is unknown or revoked, or its secret is wrong.',
    });
    expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic /);
    const unknownByForm = await tokenRequest(
      form({ grant_type: 'client_credentials', client_id: 'not-a-client', client_secret: 'nothing' }),
    );
    expect(unknownByForm.status).toBe(401);
    expect(unknownByForm.body).toMatchObject({ error: 'invalid_client' });

    const auth = { authorization: basic(client.client_id, client.client_secret) };
    const unknownGrant = await tokenRequest(form({ grant_type: 'urn:example:grant' }), auth);
    expect(unknownGrant.status).toBe(400);
    expect(unknownGrant.body).toMatchObject({ error: 'unsupported_grant_type' });
    // A grant RFC 6749 defines that svc's clients may not use.
    const password = await tokenRequest(form({ grant_type: 'password', username: 'a', password: 'b' }), auth);
    expect(password.status).toBe(400);
    expect(password.body).toMatchObject({ error: 'unauthorized_client' });
    const noGrant = await tokenRequest(form({}), auth);
    expect(noGrant.status).toBe(400);
    expect(noGrant.body).toEqual({ error: 'invalid_request', error_description: 'Missing parameter: grant_type.' });
    const json = await rawRequest(`${svc.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: 'invalid_request' });
    const scope = await tokenRequest(form({ grant_type: 'client_credentials', scope: 'admin' }), auth);
    expect(scope.status).toBe(400);
    expect(scope.body).toMatchObject({ error: 'invalid_scope' });
  });

  it('lists and retrieves clients without secrets, and a revoked client’s tokens and credentials stop working', async () => {
    const client = await newClient();
    const auth = { authorization: basic(client.client_id, client.client_secret) };
    const token = (await tokenRequest(form({ grant_type: 'client_credentials' }), auth)).body.access_token as string;
    expect((await rawRequest(`${svc.url}/api/v1/packages/`, { apiKey: token })).status).toBe(200);

    const listed = await admin.oauthClients.list({ query: {} });
    expect(listed.status === 200 && listed.body.results.map((item) => item.id)).toContain(client.id);
    expect(JSON.stringify(listed.body)).not.toContain(client.client_secret);
    const { client_secret: _secret, ...withoutSecret } = client;
    expect(await admin.oauthClients.retrieve({ params: { client_id: client.id } })).toMatchObject({
      status: 200,
      body: withoutSecret,
    });

    expect((await admin.oauthClients.revoke({ params: { client_id: client.id } })).status).toBe(204);
    const refused = await rawRequest(`${svc.url}/api/v1/packages/`, { apiKey: token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'unauthenticated' });
    const again = await tokenRequest(form({ grant_type: 'client_credentials' }), auth);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: 'invalid_client' });
    const revoked = await admin.oauthClients.retrieve({ params: { client_id: client.id } });
    expect(revoked.status === 200 && revoked.body.revoked).toEqual(expect.any(String));

    const audited = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'oauth_client',
      subjectId: client.id,
    });
    expect(audited.map((entry) => entry.action)).toEqual(['oauth_client.created', 'oauth_client.revoked']);
  });

  it('answers 404 for another partner’s client and 400 for another partner’s user; a team user or demo key administers none', async () => {
    const foreign = await newClient(svc.client(other.api_keys.live), other.users.hr);
    expect((await admin.oauthClients.retrieve({ params: { client_id: foreign.id } })).status).toBe(404);
    expect((await admin.oauthClients.revoke({ params: { client_id: foreign.id } })).status).toBe(404);
    const listed = await admin.oauthClients.list({ query: {} });
    expect(JSON.stringify(listed.body)).not.toContain(foreign.id);
    const foreignUser = await admin.oauthClients.create({ body: { user: other.users.hr, name: 'x' } });
    expect(foreignUser).toMatchObject({ status: 400, body: { code: 'validation_failed', errors: [{ path: 'user' }] } });
    const demo = await svc
      .client(account.api_keys.demo)
      .oauthClients.create({ body: { user: account.users.hr, name: 'x' } });
    expect(demo).toMatchObject({ status: 403, body: { code: 'forbidden_in_demo' } });
    const teamUser = svc.client(await svc.newTeamUserKey(account.users.hr));
    expect((await teamUser.oauthClients.list({ query: {} })).status).toBe(403);
  });
  // Last: it leaves this address past its limit of failures for the rest of the minute.
  it('answers 429 with Retry-After once an address has failed client authentication 30 times in a minute', async () => {
    const client = await newClient();
    const wrong = { authorization: basic(client.client_id, 'svc_secret_wrong') };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1)
      statuses.push((await tokenRequest(form({ grant_type: 'client_credentials' }), wrong)).status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(30);
    const limited = await tokenRequest(form({ grant_type: 'client_credentials' }), {
      authorization: basic(client.client_id, client.client_secret),
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
