import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrincipalByApiKey } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { loadConfig } from '../src/config.js';
import { cachedPrincipalLookup } from '../src/http/auth.js';
import { apiTargets, type TestApi } from './support/api.js';

/** The production defaults: the tests flood with them, not with limits made small for the test. */
const defaults = loadConfig({});
const AUTH_FAILURES = defaults.SVC_AUTH_FAILURES_PER_MINUTE;
const ADDRESS_LIMIT = defaults.SVC_ADDRESS_LIMIT_PER_MINUTE;

const randomKey = () => `svc_live_${randomBytes(32).toString('base64url')}`;
/** A documentation address (RFC 5737) per test, so each test has its own client. */
let nextAddress = 1;
const newClientAddress = () => `203.0.113.${nextAddress++}`;

type Answer = { status: number; retryAfter: string | null; code: unknown };

/** Sends `count` requests, `concurrency` at a time, and answers their statuses, Retry-After headers and problem codes in order. */
async function flood(count: number, send: (index: number) => Promise<Response>, concurrency = 25): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < count; index = next++) {
        const response = await send(index);
        const text = await response.text();
        let code: unknown = null;
        try {
          code = (JSON.parse(text) as { code?: unknown }).code;
        } catch {
          // an HTML page
        }
        answers[index] = { status: response.status, retryAfter: response.headers.get('retry-after'), code };
      }
    }),
  );
  return answers;
}

const countOf = (answers: Array<{ status: number }>, status: number) =>
  answers.filter((answer) => answer.status === status).length;

function expectRateLimited(answers: Answer[]) {
  for (const answer of answers.filter((each) => each.status === 429)) {
    expect(answer.code).toBe('rate_limited');
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
  }
}

/** An IPv4 address of this machine other than loopback: a request to it comes from a peer that is not loopback. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

describe.each(apiTargets({ everyDatabase: true }))('limits per client address on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;

  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  const getWithKey = (key: string, address: string, base = svc.url) =>
    fetch(`${base}/api/v1/packages/`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': address } });

  it('ends a flood of 1,000 random keys from one address in 429s, before looking keys up, while another address still gets 401', async () => {
    const flooder = newClientAddress();
    const startedAt = Date.now();
    const answers = await flood(1_000, () => getWithKey(randomKey(), flooder));
    // The limit counts per one-minute window: a flood that outlasts a minute (CI's machine at a fraction of its
    // speed) meets a new window, whose failures are looked up again (110 s once, 60 answered 401).
    const windows = Math.floor((Date.now() - startedAt) / 60_000) + 1;
    const unauthenticated = countOf(answers, 401);
    expect(unauthenticated).toBeGreaterThanOrEqual(AUTH_FAILURES);
    expect(unauthenticated).toBeLessThanOrEqual(AUTH_FAILURES * windows);
    expect(countOf(answers, 429)).toBe(1_000 - unauthenticated);
    if (windows === 1) expect(answers.at(-1)?.status).toBe(429);
    expectRateLimited(answers);
    if (svc.db.kind === 'postgres') {
      // Counted in PostgreSQL, so every API process shares the count.
      const [row] = (await svc.db.dataSource.query(`SELECT points FROM address_rate_limits WHERE key = $1`, [
        `auth-failures:${flooder}`,
      ])) as Array<{ points: number }>;
      expect(row?.points).toBeGreaterThanOrEqual(AUTH_FAILURES);
    }

    // Past the limit the address's keys are not looked up: even a valid key this process has not seen is refused.
    const validFromFlooder = await getWithKey(await svc.newTeamUserKey(account.users.hr), flooder);
    expect(validFromFlooder.status).toBe(429);
    expect(validFromFlooder.headers.get('retry-after')).toMatch(/^\d+$/);

    const other = newClientAddress();
    const unknownFromOther = await getWithKey(randomKey(), other);
    expect(unknownFromOther.status).toBe(401);
    expect(await unknownFromOther.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await getWithKey(account.api_keys.live, other)).status).toBe(200);
  });

  it('still serves a key found valid before from an address past its limit of failures (clients sharing one address), while unknown and new keys from it get 429', async () => {
    const shared = newClientAddress();
    const colleague = await svc.newTeamUserKey(account.users.hr);
    expect((await getWithKey(colleague, shared)).status).toBe(200);
    const answers = await flood(AUTH_FAILURES + 10, () => getWithKey(randomKey(), shared));
    expect(countOf(answers, 429)).toBe(10);

    expect((await getWithKey(colleague, shared)).status).toBe(200);
    expect((await getWithKey(randomKey(), shared)).status).toBe(429);
    expect((await getWithKey(await svc.newTeamUserKey(account.users.hr), shared)).status).toBe(429);
  });

  it('counts an IPv6 client by its /64: failures from every address of one /64 end in 429s', async () => {
    const prefix = `2001:db8:${nextAddress++}:1`;
    const answers = await flood(AUTH_FAILURES + 10, (index) =>
      getWithKey(randomKey(), `${prefix}::${(index + 1).toString(16)}`),
    );
    expect(countOf(answers, 401)).toBe(AUTH_FAILURES);
    expect(countOf(answers, 429)).toBe(10);
  });

  it('counts missing and malformed Authorization headers as failures too', async () => {
    const flooder = newClientAddress();
    const answers = await flood(AUTH_FAILURES + 20, (index) =>
      fetch(`${svc.url}/api/v1/packages/`, {
        headers: { 'x-forwarded-for': flooder, ...(index % 2 ? { authorization: 'Bearer nonsense' } : {}) },
      }),
    );
    expect(countOf(answers, 401)).toBe(AUTH_FAILURES);
    expect(countOf(answers, 429)).toBe(20);
    expectRateLimited(answers);
  });

  it.skipIf(!externalAddress)('ignores X-Forwarded-For from a peer that is not loopback', async () => {
    const base = new URL(svc.url);
    base.hostname = externalAddress as string;
    // Each request claims another client address; the peer is the same, so the flood still ends in 429s.
    const answers = await flood(AUTH_FAILURES + 20, (index) =>
      getWithKey(randomKey(), `198.51.100.${index}`, base.origin),
    );
    expect(countOf(answers, 401)).toBe(AUTH_FAILURES);
    expect(countOf(answers, 429)).toBe(20);
  });

  it('ends a flood of the applicant portal in 429s, before the body is read, while another address goes on', async () => {
    const flooder = newClientAddress();
    const answers = await flood(ADDRESS_LIMIT + 30, () =>
      fetch(`${svc.url}/apply/${randomBytes(32).toString('base64url')}`, { headers: { 'x-forwarded-for': flooder } }),
    );
    expect(countOf(answers, 404)).toBe(ADDRESS_LIMIT);
    expect(countOf(answers, 429)).toBe(30);
    expectRateLimited(answers);
    // A post too large for the form parser is refused as too many requests: the limit comes before the body is read.
    const post = await fetch(`${svc.url}/apply/${randomBytes(32).toString('base64url')}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': flooder, 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${'x'.repeat(300_000)}`,
    });
    expect(post.status).toBe(429);
    expect(
      (
        await fetch(`${svc.url}/apply/${randomBytes(32).toString('base64url')}`, {
          headers: { 'x-forwarded-for': newClientAddress() },
        })
      ).status,
    ).toBe(404);
  });

  it('ends floods of hosted report links and of the outbox in 429s', async () => {
    const flooder = newClientAddress();
    const hosted = await flood(ADDRESS_LIMIT + 10, () =>
      fetch(`${svc.url}/reports/hosted/${randomBytes(24).toString('base64url')}`, {
        headers: { 'x-forwarded-for': flooder },
      }),
    );
    expect(countOf(hosted, 404)).toBe(ADDRESS_LIMIT);
    expect(countOf(hosted, 429)).toBe(10);
    expectRateLimited(hosted);

    const outboxFlooder = newClientAddress();
    const outbox = await flood(ADDRESS_LIMIT + 10, () =>
      fetch(`${svc.url}/dev/outbox`, { headers: { 'x-forwarded-for': outboxFlooder } }),
    );
    expect(countOf(outbox, 429)).toBe(10);
    expectRateLimited(outbox);
    expect(outbox.at(-1)?.status).toBe(429);
  });

  it('remembers an unknown key as unknown for a moment: repeating it costs one look-up', async () => {
    let lookups = 0;
    let clock = 0;
    const lookup = cachedPrincipalLookup(
      (key) => {
        lookups += 1;
        return findPrincipalByApiKey(svc.db.dataSource.manager, key);
      },
      { ttlMs: 5_000, now: () => clock },
    );
    const unknown = randomKey();
    for (let index = 0; index < 100; index += 1) expect(await lookup.find(unknown)).toBeNull();
    expect(lookups).toBe(1);
    clock += 5_001;
    expect(await lookup.find(unknown)).toBeNull();
    expect(lookups).toBe(2);
    expect(await lookup.find(account.api_keys.live)).toMatchObject({ environment: 'live' });
    expect(lookups).toBe(3);
  });
});
