import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantChangesPageSchema, type SvcClient } from '@svc/contract';
import { pruneExpiredRows } from '@svc/db';
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

  const quickScreen = async (client = admin, ownerId = account.users.hr) => {
    const information = fullInformation();
    const answer = await client.hr.quickScreen({
      body: {
        email: `feed.${randomUUID()}@example.com`,
        information,
        position_or_property_location: location,
        owner_id: ownerId,
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

  it('compacts: changes superseded for longer than the retention go, and every cursor, however old, still ends equal to the lists', async () => {
    const partner = await svc.newPartner('Compacted partner');
    const client = svc.client(partner.api_keys.live);
    const rowsOf = async () =>
      (
        (await svc.db.dataSource.query(
          `SELECT applicant_id FROM applicant_changes WHERE partner_id = $1 ORDER BY transaction_id, position`,
          [partner.partner_id],
        )) as { applicant_id: string }[]
      ).map((row) => row.applicant_id);
    const start = await sync(new Map(), undefined, client);
    const [kept, upgraded, erased] = [
      await quickScreen(client, partner.users.hr),
      await quickScreen(client, partner.users.hr),
      await quickScreen(client, partner.users.hr),
    ];
    // A cursor in the middle of what the compaction deletes: after the first applicant's creation.
    const first = await client.applicantChanges.list({ query: { after: start, page_size: 1 } });
    if (first.status !== 200) throw new Error(`feed ${first.status}`);
    const middle = first.body.next_cursor;
    // Returned (as the worker would), then upgraded; one erased; one withdrawn.
    await completeWithSimulator(svc.db, { applicantId: upgraded.id, information: upgraded.information });
    expect(
      (await client.hr.upgrade({ params: { applicant_id: upgraded.id }, body: { request_bureau: true } })).status,
    ).toBe(200);
    expect((await client.hr.eraseApplicant({ params: { applicant_id: erased.id } })).status).toBe(204);
    expect((await client.hr.deleteApplicant({ params: { applicant_id: kept.id } })).status).toBe(204);
    const written = await rowsOf();
    expect(written.length).toBeGreaterThan(3);

    // Within the retention (7 days by default) nothing of the feed goes.
    const now = Date.now();
    expect((await pruneExpiredRows(svc.db, { now: new Date(now) })).applicant_changes).toBe(0);
    expect(await rowsOf()).toEqual(written);
    // Eight days on: each applicant keeps its latest change only, in the same order.
    const pruned = await pruneExpiredRows(svc.db, { now: new Date(now + 8 * 86_400_000) });
    expect(pruned.applicant_changes).toBeGreaterThanOrEqual(written.length - 3);
    const left = await rowsOf();
    expect([...left].sort()).toEqual([kept.id, upgraded.id, erased.id].sort());
    expect(left).toEqual(written.filter((id, index) => written.lastIndexOf(id) === index));
    // Run again, nothing more goes.
    expect((await pruneExpiredRows(svc.db, { now: new Date(now + 8 * 86_400_000) })).applicant_changes).toBe(0);

    // Every cursor still gives a mirror equal to the lists: from the beginning, from before the deleted changes,
    // from the middle of them; the tombstone among them.
    const listed = await lists(client);
    expect(listed.size).toBe(3);
    for (const after of [undefined, start, middle]) {
      const mirror: Mirror = new Map();
      if (after === middle) {
        // What a reader held at that cursor: the first applicant as it was created.
        for (const change of first.body.results)
          mirror.set(change.applicant.id, { kind: change.kind, item: change.applicant });
      }
      await sync(mirror, after, client);
      expect(mirror, String(after)).toEqual(listed);
    }
    expect((listed.get(erased.id)!.item as { status?: string }).status).toBe('Erased');
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

  // Transactions committing concurrently need PostgreSQL (PGlite runs one at a time): declared there alone.
  if (target.name === 'postgres')
    it('never skips a change whose transaction commits after a later one was read', async () => {
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
    });
});
