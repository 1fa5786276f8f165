import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { listOutboxMessages, type BootstrappedAccount } from '@svc/services';
import { startApi } from '../src/server.js';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { formFieldsOf, getPage, postPage } from './support/portal.js';
import { listAuditEntries } from '@svc/db/testing';

const PASSWORD = 'a long and uncommon passphrase 42';
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe.each(apiTargets({ everyDatabase: true }))('user logins and sessions on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;

  /** The newest set-password link emailed to `email`, from the outbox. */
  const linkSentTo = async (email: string): Promise<string> => {
    const messages = await listOutboxMessages({ db: svc.db, limit: 200 });
    const link = messages
      .find((message) => message.recipient === email)
      ?.textBody.match(/https?:\/\/\S+\/account\/set-password\/[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error(`no set-password email to ${email}`);
    return link;
  };
  const setPassword = async (link: string, password: string, confirmation = password) => {
    const page = await getPage(link);
    expect(page.status).toBe(200);
    return postPage(link, { ...formFieldsOf(page.html), password, confirmation });
  };
  /** A new active user of the HR team, created through the API (which emails their set-password link). */
  const newUser = async (): Promise<{ id: string; email: string }> => {
    const email = `login-${randomUUID()}@example.com`;
    const created = await admin.users.create({
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        language: 'en',
        is_active: true,
        team: account.teams.hr,
      },
    });
    if (created.status !== 201) throw new Error(`user not created: ${JSON.stringify(created.body)}`);
    return { id: created.body.id, email };
  };
  const userWithPassword = async () => {
    const user = await newUser();
    expect((await setPassword(await linkSentTo(user.email), PASSWORD)).status).toBe(200);
    return user;
  };
  const logIn = (email: string, password: string, body?: unknown) =>
    rawRequest(`${svc.url}/api/v1/authenticate/`, {
      method: 'POST',
      headers: { authorization: basic(email, password), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const withToken = (path: string, token: string, init: RequestInit = {}, scheme = 'Token') =>
    rawRequest(`${svc.url}${path}`, { ...init, headers: { authorization: `${scheme} ${token}` } });

  // Every API process re-reads a principal after SVC_PRINCIPAL_CACHE_SECONDS (4 s in production; short here).
  const PRINCIPAL_CACHE_SECONDS = 0.5;
  const afterPrincipalCache = () => new Promise((resolve) => setTimeout(resolve, PRINCIPAL_CACHE_SECONDS * 1000 + 500));

  beforeAll(async () => {
    svc = await target.start({ SVC_PRINCIPAL_CACHE_SECONDS: PRINCIPAL_CACHE_SECONDS });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  it('emails a set-password link that works once, and a user logs in, calls the API with Token and Bearer, and logs out', async () => {
    const user = await newUser();
    const link = await linkSentTo(user.email);
    expect((await setPassword(link, 'too short')).status).toBe(422);
    const common = await setPassword(link, '123qweasdzxc');
    expect(common.status).toBe(422);
    expect(common.html).toContain('most common passwords');
    expect((await setPassword(link, PASSWORD, `${PASSWORD}!`)).status).toBe(422);
    const set = await setPassword(link, PASSWORD);
    expect(set.status).toBe(200);
    expect(set.headers.get('cache-control')).toContain('no-store');
    expect((await getPage(link)).status).toBe(410);

    const session = await logIn(user.email, PASSWORD);
    expect(session.status).toBe(200);
    expect(session.body).toEqual({
      token: expect.stringMatching(/^svc_session_/),
      user_id: user.id,
      expiry: expect.any(String),
    });
    const hours = (new Date(session.body.expiry).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(9.9);
    expect(hours).toBeLessThanOrEqual(10);
    const token: string = session.body.token;

    const packages = await withToken('/api/v1/packages/', token);
    expect(packages.status).toBe(200);
    expect(packages.headers.get('cache-control')).toContain('no-store');
    expect((await withToken('/api/v1/packages/', token, {}, 'Bearer')).status).toBe(200);
    // The user's rights: a team user administers nothing.
    expect((await withToken('/api/v1/users/', token)).status).toBe(403);

    const sessions = await withToken('/api/v1/authenticate/', token);
    expect(sessions.status).toBe(200);
    expect(sessions.body).toEqual([
      { created: expect.any(String), expires: session.body.expiry, token_key: token.slice('svc_session_'.length, 20) },
    ]);
    const byPassword = await rawRequest(`${svc.url}/api/v1/authenticate/`, {
      headers: { authorization: basic(user.email, PASSWORD) },
    });
    expect(byPassword.body).toEqual(sessions.body);

    expect((await withToken('/api/v1/logout/', token, { method: 'POST' })).status).toBe(204);
    const after = await withToken('/api/v1/packages/', token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'unauthenticated' });

    const audited = (
      await listAuditEntries({ manager: svc.db.dataSource.manager, subjectType: 'user', subjectId: user.id })
    ).map((entry) => entry.action);
    expect(audited).toEqual(['password.set', 'session.started', 'session.ended']);
  });

  it('answers 401 to a wrong password and, repeated for the account from one address, 429 with Retry-After even to the right one, while another address still signs in', async () => {
    const user = await userWithPassword();
    const from = (address: string, email: string, password: string) =>
      rawRequest(`${svc.url}/api/v1/authenticate/`, {
        method: 'POST',
        headers: { authorization: basic(email, password), 'x-forwarded-for': address },
      });
    const stranger = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await from(stranger, user.email, `${PASSWORD} nope`);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'unauthenticated', detail: 'Wrong email or password.' });
    }
    const limited = await from(stranger, user.email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The stranger has not locked the user out: the right password from a clean address signs in.
    const signedIn = await from('203.0.113.7', user.email, PASSWORD);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const audited = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'user',
      subjectId: user.id,
    });
    expect(audited.filter((entry) => entry.action === 'login.failed')).toHaveLength(10);
  });

  it('counts and answers an unknown email exactly as a known one', async () => {
    const known = await userWithPassword();
    const unknown = `nobody-${randomUUID()}@example.com`;
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const answersFor = async (email: string) => {
      const answers: Array<{ status: number; code: unknown }> = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const answer = await rawRequest(`${svc.url}/api/v1/authenticate/`, {
          method: 'POST',
          headers: { authorization: basic(email, `${PASSWORD} nope`), 'x-forwarded-for': address },
        });
        answers.push({ status: answer.status, code: answer.body.code });
      }
      return answers;
    };
    const knownAnswers = await answersFor(known.email);
    expect(knownAnswers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(await answersFor(unknown)).toEqual(knownAnswers);
  });

  it('lets a 10-hour session issue keys only within its own end', async () => {
    const user = await userWithPassword();
    const session = await logIn(user.email, PASSWORD);
    expect(session.status).toBe(200);
    const client = svc.client(session.body.token as string);
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const lasting = await client.apiKeys.create({ body: { name: 'forever', environment: 'live' } });
    expect(lasting.status).toBe(403);
    expect(lasting.body).toMatchObject({ code: 'forbidden' });
    expect(
      (await client.apiKeys.create({ body: { name: 'x', environment: 'live', expires: inHours(11) } })).status,
    ).toBe(403);
    expect(
      (await client.apiKeys.create({ body: { name: 'y', environment: 'live', expires: inHours(9) } })).status,
    ).toBe(201);
  });

  it('takes an end for the session, refuses one in the past, and accepts Basic nowhere else', async () => {
    const user = await userWithPassword();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const session = await logIn(user.email, PASSWORD, { expires: end });
    expect(session.status).toBe(200);
    expect(session.body.expiry).toBe(end);
    const past = await logIn(user.email, PASSWORD, { expires: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'expires' }] });
    const elsewhere = await rawRequest(`${svc.url}/api/v1/packages/`, {
      headers: { authorization: basic(user.email, PASSWORD) },
    });
    expect(elsewhere.status).toBe(401);
    // An API key cannot start a session, and a key is not a session to end.
    expect(
      (await rawRequest(`${svc.url}/api/v1/authenticate/`, { method: 'POST', apiKey: account.api_keys.live })).status,
    ).toBe(403);
    expect(
      (await rawRequest(`${svc.url}/api/v1/logout/`, { method: 'POST', apiKey: account.api_keys.live })).status,
    ).toBe(403);
  });

  it('ends every session with logoutall, and stops the sessions of a deactivated user', async () => {
    const user = await userWithPassword();
    const first = (await logIn(user.email, PASSWORD)).body.token as string;
    const second = (await logIn(user.email, PASSWORD)).body.token as string;
    expect((await withToken('/api/v1/logoutall/', first, { method: 'POST' })).status).toBe(204);
    expect((await withToken('/api/v1/packages/', first)).status).toBe(401);
    expect((await withToken('/api/v1/packages/', second)).status).toBe(401);

    const third = (await logIn(user.email, PASSWORD)).body.token as string;
    expect((await withToken('/api/v1/packages/', third)).status).toBe(200);
    const deactivated = await admin.users.update({
      params: { user_id: user.id },
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: user.email,
        language: 'en',
        is_active: false,
        team: account.teams.hr,
      },
    });
    expect(deactivated.status).toBe(200);
    // Every API process (this one included) re-reads the user once its principal cache has expired.
    await afterPrincipalCache();
    expect((await withToken('/api/v1/packages/', third)).status).toBe(401);
    expect((await logIn(user.email, PASSWORD)).status).toBe(401);
  });

  it('refuses an ended session on a second API server of the same database once its own principal cache expires', async () => {
    const second = await startApi({
      config: svc.api.deps.config,
      db: svc.db,
      jobs: svc.api.deps.jobs,
      port: 0,
      logger: svc.api.deps.logger,
    });
    try {
      const user = await userWithPassword();
      const token = (await logIn(user.email, PASSWORD)).body.token as string;
      const onSecond = () =>
        rawRequest(`${second.url}/api/v1/packages/`, { headers: { authorization: `Token ${token}` } });
      expect((await onSecond()).status).toBe(200);
      expect((await withToken('/api/v1/logout/', token, { method: 'POST' })).status).toBe(204);
      // A request sent after the second server's principal cache expired (whatever the load makes of its round trip).
      await afterPrincipalCache();
      expect((await onSecond()).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('re-sends a link on the admin’s request; a link expires after 24 hours; forgot-password answers alike for any email', async () => {
    const user = await newUser();
    const sent = await rawRequest(`${svc.url}/api/v1/users/${user.id}/password-link/`, {
      method: 'POST',
      apiKey: account.api_keys.live,
    });
    expect(sent.status).toBe(202);
    const link = await linkSentTo(user.email);
    expect((await getPage(link)).status).toBe(200);
    svc.advanceClock(24 * 3_600_000 + 60_000);
    try {
      expect((await getPage(link)).status).toBe(410);
    } finally {
      svc.advanceClock(-(24 * 3_600_000 + 60_000));
    }
    const other = await svc.newPartner('Other partner');
    const foreign = await rawRequest(`${svc.url}/api/v1/users/${other.users.hr}/password-link/`, {
      method: 'POST',
      apiKey: account.api_keys.live,
    });
    expect(foreign.status).toBe(404);

    const forgotUrl = `${svc.url}/account/forgot-password`;
    const ask = async (email: string) => {
      const page = await getPage(forgotUrl);
      return postPage(forgotUrl, { ...formFieldsOf(page.html), email });
    };
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask(`nobody-${randomUUID()}@example.com`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.html).toBe(known.html);
    const requested = await linkSentTo(user.email);
    expect(requested).not.toBe(link);
    expect((await setPassword(requested, PASSWORD)).status).toBe(200);
    // A form posted from another site is refused.
    const crossSite = await postPage(forgotUrl, { email: user.email }, { origin: 'https://attacker.example' });
    expect(crossSite.status).toBe(403);
  });
});
