import { get } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hrApplicationSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { ReadCache } from '../src/http/read-cache.js';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { fullInformation, location, markReturned } from './support/applications.js';

describe.each(apiTargets())('read cache on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  const logLines: string[] = [];
  beforeAll(async () => {
    // A minute: whatever a test sees change within it, a followed change (or this process's own write) made it change.
    // The freshness window too (200 ms by default, see the ReadCache tests below): on a loaded machine the step from
    // `changesSeen()` to the next read can take longer, and the read would then come from the database.
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    );
    svc = await target.start(
      { SVC_LIVE_SIMULATION: true, SVC_READ_CACHE_SECONDS: 60 },
      { logger, readCacheFreshMs: 60_000 },
    );
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  async function quickScreen() {
    const body = {
      information: fullInformation(),
      position_or_property_location: location,
      owner_id: account.users.hr,
      request_softcheck: true,
    };
    const answer = await admin.hr.quickScreen({ body });
    if (answer.status !== 201)
      throw new Error(`quick screen answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return hrApplicationSchema.parse(answer.body);
  }
  const statusOf = async (applicantId: string) =>
    hrApplicationSchema.parse((await admin.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body)
      .status;
  const countOf = async () => {
    const listed = await admin.hr.listApplicants({ query: { page_size: 10 } });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
    return listed.body.count;
  };

  /** A write the triggers do not see (replication role), so nothing tells the API about it. */
  const silently = (statement: string, parameters: unknown[]) =>
    svc.db.transaction(async (manager) => {
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(statement, parameters);
    });

  it('answers a repeated read from memory, and drops it when another process commits a change of the partner', async () => {
    const { id } = await quickScreen();
    await svc.changesSeen();
    expect(await statusOf(id)).toBe('Pending');
    // Unannounced, the change stays unseen: the answer comes from memory.
    await silently(`UPDATE applicants SET status = 'Returned' WHERE id = $1`, [id]);
    // Caught up just before: answers come from memory only while changes were read within the freshness window.
    await svc.changesSeen();
    expect(await statusOf(id)).toBe('Pending');
    // A change as the worker makes it (another connection, triggers on): following it drops the cached answer.
    await markReturned(svc.db, id);
    await svc.changesSeen();
    expect(await statusOf(id)).toBe('Returned');
  });

  it('a change of one partner keeps what is cached of another', async () => {
    const other = await svc.newPartner('Other partner');
    const otherClient = svc.client(other.api_keys.live);
    const body = {
      information: fullInformation(),
      position_or_property_location: location,
      owner_id: other.users.hr,
      request_softcheck: true,
    };
    const ordered = hrApplicationSchema.parse((await otherClient.hr.quickScreen({ body })).body);
    await svc.changesSeen();
    const otherStatus = async () =>
      hrApplicationSchema.parse((await otherClient.hr.retrieveApplicant({ params: { applicant_id: ordered.id } })).body)
        .status;
    expect(await otherStatus()).toBe('Pending');
    await silently(`UPDATE applicants SET status = 'Returned' WHERE id = $1`, [ordered.id]);
    const { id } = await quickScreen();
    await markReturned(svc.db, id);
    await svc.changesSeen();
    expect(await statusOf(id)).toBe('Returned');
    await svc.changesSeen();
    expect(await otherStatus()).toBe('Pending');
  });

  it('answers a repeated read with its ETag (304 to If-None-Match) and the headers of its operation', async () => {
    const { id } = await quickScreen();
    await svc.changesSeen();
    const apiKey = account.api_keys.live;
    const record = `${svc.url}/api/v1/hr/applicants/${id}/`;
    const first = await rawRequest(record, { apiKey });
    const second = await rawRequest(record, { apiKey });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toContain('application/json');
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('etag')).toBe(etag);
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which asks for a 200.
    const conditional = await new Promise<number | undefined>((resolve, reject) =>
      get(record, { headers: { authorization: `Bearer ${apiKey}`, 'if-none-match': etag! } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      }).on('error', reject),
    );
    expect(conditional).toBe(304);
    // Answered from memory or not, a request is logged under its operation's route.
    const routes = logLines
      .map((line) => JSON.parse(line) as { msg: string; route?: string; status?: number })
      .filter((line) => line.msg === 'request' && line.status !== undefined && [200, 304].includes(line.status));
    expect(routes.slice(-2).map((line) => line.route)).toEqual([
      '/api/v1/hr/applicants/:applicant_id/',
      '/api/v1/hr/applicants/:applicant_id/',
    ]);
    // The PM list is deprecated: an answer from memory says so as its operation does.
    const pmList = `${svc.url}/api/v1/pm/applicants/`;
    const pmFirst = await rawRequest(pmList, { apiKey });
    const pmSecond = await rawRequest(pmList, { apiKey });
    expect(pmFirst.headers.get('deprecation')).toBe('true');
    expect(pmSecond.headers.get('deprecation')).toBe('true');
    expect(pmSecond.headers.get('etag')).toBe(pmFirst.headers.get('etag'));
  });

  it('links follow the protocol a proxy on this machine says the client used, cached or not', async () => {
    await quickScreen();
    await quickScreen();
    const page = async (headers: Record<string, string>) =>
      (await rawRequest(`${svc.url}/api/v1/hr/applicants/?page_size=1`, { apiKey: account.api_keys.live, headers }))
        .body as { next: string | null };
    for (let round = 0; round < 2; round += 1) {
      expect((await page({ 'x-forwarded-proto': 'https' })).next).toMatch(
        /^https:\/\/127\.0\.0\.1:\d+\/api\/v1\/hr\/applicants\/\?/,
      );
      expect((await page({})).next).toMatch(/^http:\/\//);
    }
  });

  it('a client reads its own writes at once: a list cached before an order counts it right after', async () => {
    const before = await countOf();
    expect(await countOf()).toBe(before);
    await quickScreen();
    expect(await countOf()).toBe(before + 1);
  });
});

describe('ReadCache', () => {
  /** What `answer` reads of the request and response: the operation's route and the headers it set. */
  const request = {} as Request;
  const response = { getHeader: () => undefined, app: { get: () => undefined } } as unknown as Response;
  const text = (size: number) => ({ value: 'x'.repeat(size) });
  const followingCache = (
    options: { ttlMs?: number; maxBytes?: number; now?: () => number; freshMs?: number } = {},
  ) => {
    const cache = new ReadCache({ ttlMs: 1_000, maxBytes: 1_000_000, freshMs: 60_000, ...options });
    cache.caughtUp(performance.now());
    return cache;
  };
  const counting = <T>(value: T) => {
    const load = async () => {
      load.calls += 1;
      return value;
    };
    load.calls = 0;
    return load;
  };

  it('loads once, then answers from memory until the TTL passes', async () => {
    let now = 0;
    const cache = followingCache({ now: () => now });
    const load = counting({ a: 1 });
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(1);
    now = 1_001;
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(2);
  });

  it('keeps nothing read while a change of its partner arrived, and nothing while changes cannot be followed', async () => {
    const cache = followingCache();
    const load = counting({ a: 1 });
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, async () => {
      cache.changed('p');
      return load();
    });
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(2);
    cache.lost();
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(4);
    expect(cache.enabled).toBe(false);
  });

  it('a change of every partner (null) drops every answer; a change of one keeps the others', async () => {
    const cache = followingCache();
    const loadP = counting({ p: 1 });
    const loadQ = counting({ q: 1 });
    await cache.answer(request, response, { partnerId: 'p', key: 'kp' }, loadP);
    await cache.answer(request, response, { partnerId: 'q', key: 'kq' }, loadQ);
    cache.changed('p');
    await cache.answer(request, response, { partnerId: 'p', key: 'kp' }, loadP);
    await cache.answer(request, response, { partnerId: 'q', key: 'kq' }, loadQ);
    expect([loadP.calls, loadQ.calls]).toEqual([2, 1]);
    cache.changed(null);
    await cache.answer(request, response, { partnerId: 'q', key: 'kq' }, loadQ);
    expect(loadQ.calls).toBe(2);
  });

  it('answers nothing from memory once changes have not been read for freshMs', async () => {
    const cache = followingCache({ freshMs: 50 });
    const load = counting({ a: 1 });
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(2);
    // Caught up again: what it kept is good again (a change in the meantime would have been read and dropped it).
    cache.caughtUp(performance.now());
    await cache.answer(request, response, { partnerId: 'p', key: 'k' }, load);
    expect(load.calls).toBe(2);
  });

  it('tells when the changes committed before a call have been read, at once when it is not following', async () => {
    await expect(new ReadCache({ ttlMs: 1_000, maxBytes: 1_000 }).changesSeen()).resolves.toBeUndefined();
    const cache = followingCache();
    const before = performance.now();
    let seen = false;
    const waiting = cache.changesSeen().then(() => (seen = true));
    // A read of changes that began before the call may have missed a change committed just before it.
    cache.caughtUp(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBe(false);
    cache.caughtUp(performance.now());
    await waiting;
    expect(seen).toBe(true);
    // Following lost: nothing is answered from memory, so nothing can be stale.
    const lostWhileWaiting = cache.changesSeen();
    cache.lost();
    await expect(lostWhileWaiting).resolves.toBeUndefined();
  });

  it('holds at most maxBytes (keys and JSON text, two bytes a character), the least recently used leaving first', async () => {
    const cache = followingCache({ maxBytes: 2_000 });
    const loads = ['a', 'b', 'c', 'd'].map(() => counting(text(200)));
    for (const [index, load] of loads.entries())
      await cache.answer(request, response, { partnerId: 'p', key: String(index) }, load);
    await cache.answer(request, response, { partnerId: 'p', key: '0' }, loads[0]!);
    // Five answers of 426 bytes do not fit in 2,000: the least recently used (1) leaves.
    await cache.answer(request, response, { partnerId: 'p', key: '4' }, counting(text(200)));
    await cache.answer(request, response, { partnerId: 'p', key: '0' }, loads[0]!);
    await cache.answer(request, response, { partnerId: 'p', key: '1' }, loads[1]!);
    expect(loads.map((load) => load.calls)).toEqual([1, 2, 1, 1]);
  });
});
