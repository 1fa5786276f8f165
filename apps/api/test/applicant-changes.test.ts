import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantChangesPageSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';
import { completeWithSimulator, fullInformation, location } from './support/applications.js';

type Mirror = Map<string, { kind: 'HR' | 'PM'; item: unknown }>;

describe.each(apiTargets({ everyDatabase: true }))('the applicant change feed on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  /** Reads the feed from `after` to its end, a few changes a page, applying each to `mirror`: the new cursor. */
  async function sync(mirror: Mirror, after?: string, client = admin): Promise<string> {
    let cursor = after;
    for (;;) {
      const page = await client.applicantChanges.list({
        query: { page_size: 3, ...(cursor ? { after: cursor } : {}) },
      });
      if (page.status !== 200) throw new Error(`feed ${page.status}: ${JSON.stringify(page.body)}`);
      const parsed = applicantChangesPageSchema.parse(page.body);
      for (const change of parsed.results)
        mirror.set(change.applicant.id, { kind: change.kind, item: change.applicant });
      cursor = parsed.next_cursor;
      if (!parsed.has_more) return cursor;
    }
  }

  /** Every item of the HR and PM lists, by id. */
  async function lists(client = admin): Promise<Mirror> {
    const all: Mirror = new Map();
    for (const [kind, list] of [
      ['HR', client.hr.listApplicants],
      ['PM', client.pmV2.listApplicants],
    ] as const) {
      for (let page = 1; ; page += 1) {
        const listed = await list({ query: { page, page_size: 100 } });
        if (listed.status !== 200) throw new Error(`list ${listed.status}`);
        for (const item of listed.body.results) all.set(item.id, { kind, item });
        if (!listed.body.next) break;
      }
    }
    return all;
  }

  const quickScreen = async () => {
    const information = fullInformation();
    const answer = await admin.hr.quickScreen({
      body: {
        email: `feed.${randomUUID()}@example.com`,
        information,
        position_or_property_location: location,
        owner_id: account.users.hr,
        request_softcheck: true,
        external_id: `feed-${randomUUID()}`,
      },
    });
    if (answer.status !== 201) throw new Error(`quick screen ${answer.status}`);
    return { id: answer.body.id, information };
  };

  it('keeps a mirror equal to the lists through creates, upgrades, erasures and PM orders, read a page at a time', async () => {
    const mirror: Mirror = new Map();
    let cursor = await sync(mirror);
    expect(mirror.size).toBe(0);

    const screened = await Promise.all([quickScreen(), quickScreen(), quickScreen()]);
    const invited = await admin.hr.invite({
      body: { email: `inv.${randomUUID()}@example.com`, owner_id: account.users.hr, request_softcheck: true },
    });
    const pm = await admin.pmV2.invite({
      body: {
        email: `pm.${randomUUID()}@example.com`,
        grouped_applicants: [{ email: `pm2.${randomUUID()}@example.com` }],
        owner_id: account.users.pm,
        request_softcheck: true,
      },
    });
    expect([invited.status, pm.status]).toEqual([201, 201]);
    cursor = await sync(mirror, cursor);
    expect(mirror).toEqual(await lists());
    expect(mirror.size).toBe(6);

    // Returned (as the worker would), then upgraded; one erased; an unchanged cursor answers nothing new.
    const [first, second, third] = screened as [(typeof screened)[0], (typeof screened)[0], (typeof screened)[0]];
    for (const { id, information } of [first, second])
      await completeWithSimulator(svc.db, { applicantId: id, information });
    const upgraded = await admin.hr.upgrade({ params: { applicant_id: first.id }, body: { request_bureau: true } });
    expect(upgraded.status).toBe(200);
    expect((await admin.hr.eraseApplicant({ params: { applicant_id: third.id } })).status).toBe(204);
    // A withdrawn invitation stays on the lists with its new status.
    if (invited.status !== 201) throw new Error('not invited');
    expect((await admin.hr.deleteApplicant({ params: { applicant_id: invited.body.applicant.id } })).status).toBe(204);
    const before = new Map(mirror);
    cursor = await sync(mirror, cursor);
    expect(mirror).toEqual(await lists());
    expect(mirror).not.toEqual(before);
    const tombstone = await admin.applicantChanges.list({ query: { kind: 'HR' } });
    expect(
      tombstone.status === 200 && tombstone.body.results.find((change) => change.applicant.id === third.id),
    ).toMatchObject({
      change: 'erased',
      applicant: { status: 'Erased' },
    });

    const again = await admin.applicantChanges.list({ query: { after: cursor } });
    expect(again.status === 200 && again.body).toMatchObject({ results: [], next_cursor: cursor, has_more: false });
    // A mirror started from scratch ends the same.
    const fresh: Mirror = new Map();
    await sync(fresh);
    expect(fresh).toEqual(mirror);
  });

  it('answers 400 to a cursor it never gave, and shows a team user only its team', async () => {
    for (const after of ['yesterday', '12', '1_-1', '99999999999999999999999_1']) {
      const answer = await admin.applicantChanges.list({ query: { after } });
      expect(answer.status, after).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'after' }] });
    }
    const other = await svc.newPartner('Other partner');
    const theirs: Mirror = new Map();
    await sync(theirs, undefined, svc.client(other.api_keys.live));
    expect(theirs.size).toBe(0);
  });

  it.runIf(target.name === 'postgres')(
    'never skips a change whose transaction commits after a later one was read',
    async () => {
      const mirror: Mirror = new Map();
      const cursor = await sync(mirror);
      const early = await quickScreen();
      const cursorAfterEarly = await sync(mirror, cursor);
      // A transaction changes `early` and stays open; another applicant is ordered and committed meanwhile.
      const open = svc.db.dataSource.createQueryRunner();
      await open.connect();
      await open.startTransaction();
      try {
        await open.query(`UPDATE applicants SET is_viewed = true WHERE id = $1`, [early.id]);
        const late = await quickScreen();
        const whileOpen = await admin.applicantChanges.list({ query: { after: cursorAfterEarly } });
        expect(whileOpen.status === 200 && whileOpen.body.results.map((change) => change.applicant.id)).toEqual([]);
        await open.commitTransaction();
        const after = await admin.applicantChanges.list({ query: { after: cursorAfterEarly } });
        expect(after.status === 200 && after.body.results.map((change) => change.applicant.id)).toEqual([
          early.id,
          late.id,
        ]);
      } finally {
        if (open.isTransactionActive) await open.rollbackTransaction();
        await open.release();
      }
    },
  );
});
