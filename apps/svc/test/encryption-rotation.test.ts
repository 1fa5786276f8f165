import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantChangesPageSchema, type SvcClient } from '@svc/contract';
import { queryRows } from '@svc/db';
import { openValue, SEALED_COLUMNS, useEncryptionKey } from '@svc/db/crypto';
import { rotateEncryptionKey, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, untilReturned, type TestApi } from '@svc/api/testing';
import { runCli, type CliOutput } from '../src/cli.js';
import { urlOf } from './support/database-url.js';
import { startTestWorker } from './support/worker.js';

const hex = (key: Buffer) => key.toString('hex');

/**
 * A rotation of the encryption key, through the API and the worker as a deployment runs them: data written under
 * key A (an applicant's record, its report PDF, its blind index, a hosted link), then the processes started with
 * B as the key and A as the previous one read it all, find the applicant by email, phone and name, and write under B;
 * `svc encryption rotate` re-keys everything; with B alone everything still reads and is found, and nothing opens
 * under A any more.
 */
describe.each(apiTargets({ everyDatabase: true }))('rotating the encryption key on $name', (target) => {
  const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
  const tag = randomUUID().slice(0, 8);
  const email = `Ada.${tag}@Example.com`;
  const lastName = `Lovelacé${tag}`;
  const phone = `416555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  let svc: TestApi;
  let worker: RunningWorker | null = null;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let applicantId: string;
  /** Invited with a phone number (a quick screen keeps none). */
  let invitedId: string;
  let pdfUnderA: Buffer;
  let linkUnderA: string;

  /** The API and a worker on the same database, started with the process's keys as they are now. */
  async function restart(): Promise<void> {
    await worker?.stop();
    await svc?.api.close();
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    worker = await startTestWorker(svc);
    client = svc.client(account.api_keys.demo);
  }

  const pdf = async () => {
    const response = await fetch(`${svc.url}/api/v1/hr/reports/${applicantId}/pdf/`, {
      headers: { authorization: `Bearer ${account.api_keys.demo}` },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const hostedLink = async () => {
    const link = await client.hr.reportLink({ params: { applicant_id: applicantId } });
    if (link.status !== 200) throw new Error(`report link ${link.status}`);
    return link.body.report_url.replace(/^https?:\/\/[^/]+/, '');
  };
  /** A hosted link's status on the API running now. */
  const hostedStatus = async (path: string) => (await fetch(`${svc.url}${path}`)).status;
  const found = async (query: Record<string, string>) => {
    const listed = await client.hr.listApplicants({ query: { page_size: 100, ...query } });
    if (listed.status !== 200) throw new Error(`list ${listed.status}`);
    return (listed.body as { results: Array<{ id: string }> }).results.map((item) => item.id).sort();
  };
  const order = async (orderEmail: string, orderLastName: string) => {
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        email: orderEmail,
        information: { ...fullInformation(), first_name: 'Zoë-Ann', last_name: orderLastName },
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen ${created.status}: ${JSON.stringify(created.body)}`);
    return created.body.id;
  };
  /** The applicant change feed from `after` to its end: the applicants changed, and the cursor to read on from. */
  async function feed(after?: string): Promise<{ changed: string[]; cursor: string }> {
    const changed: string[] = [];
    let cursor = after;
    for (;;) {
      const page = await client.applicantChanges.list({
        query: { page_size: 100, ...(cursor ? { after: cursor } : {}) },
      });
      if (page.status !== 200) throw new Error(`feed ${page.status}`);
      const parsed = applicantChangesPageSchema.parse(page.body);
      changed.push(...parsed.results.map((change) => change.applicant.id));
      cursor = parsed.next_cursor;
      if (!parsed.has_more) return { changed, cursor };
    }
  }
  /** The rows the read caches' triggers wrote for this partner after `position` (`record_changes`). */
  const recordChangesAfter = async (position: string) =>
    (
      await queryRows<{ n: string }>(
        svc.db,
        `SELECT count(*)::text AS n FROM record_changes WHERE position > $1::bigint AND partner_id = $2`,
        [position, account.partner_id],
      )
    )[0]!.n;

  /** Reads and searches the applicant as a partner does. */
  async function expectReadableAndFound(others: string[] = []): Promise<void> {
    const record = await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } });
    expect(record.status).toBe(200);
    expect((record.body as { information: { last_name: string } }).information.last_name).toBe(lastName);
    const everyone = [applicantId, ...others].sort();
    expect(await found({ email: email.toLowerCase() })).toEqual([applicantId]);
    expect(await found({ phone: `+1 ${phone}` })).toEqual([invitedId]);
    expect(await found({ name: `zoe ${lastName.slice(0, 8)}` })).toEqual([applicantId]);
    expect(await found({ name: 'zoe', email })).toEqual([applicantId]);
    expect(await found({ name: 'zoe' })).toEqual(expect.arrayContaining(everyone));
    expect((await pdf()).equals(pdfUnderA)).toBe(true);
  }

  beforeAll(async () => {
    useEncryptionKey(keyA);
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc);
    applicantId = await order(email, lastName);
    const invited = await client.hr.invite({
      body: {
        email: `phone.${tag}@example.com`,
        phone_number: {
          phone_type: 'MOBILE',
          number: `+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
          country: 'CA',
        },
        owner_id: account.users.hr,
        request_softcheck: true,
      },
    });
    if (invited.status !== 201) throw new Error(`invite ${invited.status}`);
    invitedId = invited.body.applicant.id;
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: applicantId } }));
    pdfUnderA = await pdf();
    linkUnderA = await hostedLink();
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  it('reads, finds and verifies under either key during the rotation, re-keys everything, then needs the new key only', async () => {
    useEncryptionKey(keyB, keyA);
    await restart();
    await expectReadableAndFound();
    expect(await hostedStatus(linkUnderA)).toBe(200);
    // Written under B meanwhile: found beside the applicant indexed under A.
    const other = await order(`grace.${tag}@example.com`, `Hopper${tag}`);
    await expectReadableAndFound([other]);
    expect(await found({ email: `Grace.${tag}@Example.com` })).toEqual([other]);
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: other } }));
    // The feed and the read caches' changes as they are before the rotation.
    const { cursor } = await feed();
    const [before] = await queryRows<{ position: string }>(
      svc.db,
      `SELECT coalesce(max(position), 0)::text AS position FROM record_changes`,
      [],
    );

    let printed: string;
    if (svc.target === 'postgres') {
      // The command, as an operator runs it, on the same PostgreSQL database.
      const output: CliOutput & { lines: string[] } = {
        lines: [],
        out: (text) => output.lines.push(text),
        error: (text) => output.lines.push(text),
      };
      const environment = {
        DATABASE_URL: await urlOf(svc),
        SVC_ENCRYPTION_KEY: hex(keyB),
        SVC_ENCRYPTION_KEY_PREVIOUS: hex(keyA),
        LOG_LEVEL: 'silent',
      };
      expect(await runCli(['encryption', 'rotate'], { output, environment })).toBe(0);
      printed = output.lines.join('\n');
      expect(printed).toMatch(/blind indexes recomputed: [1-9]\d* applicants/);
      expect(printed).toContain('Remove SVC_ENCRYPTION_KEY_PREVIOUS');
      expect(printed).not.toContain(lastName);
      expect(printed.toLowerCase()).not.toContain(email.toLowerCase());
    } else {
      const rotated = await rotateEncryptionKey({ db: svc.db });
      if (!rotated.ok) throw new Error(rotated.refusal);
      expect(rotated.value.reindexed).toBeGreaterThanOrEqual(1);
      expect(rotated.value.resealed['reports.pdf']).toBeGreaterThanOrEqual(1);
      expect(rotated.value.changedMeanwhile).toBe(0);
      printed = JSON.stringify(rotated.value);
    }
    // Again: everything is under B already, nothing is rewritten.
    const again = await rotateEncryptionKey({ db: svc.db });
    expect(again.ok && again.value).toMatchObject({ resealed: {}, reindexed: 0, objectsResealed: 0 });
    expect(printed).toBeTruthy();
    // A re-seal is no change: nothing new in the feed nor for the read caches; a real change after still is.
    expect((await feed(cursor)).changed).toEqual([]);
    expect(await recordChangesAfter(before!.position)).toBe('0');
    const third = await order(`alan.${tag}@example.com`, `Turing${tag}`);
    expect([...new Set((await feed(cursor)).changed)]).toEqual([third]);
    expect(Number(await recordChangesAfter(before!.position))).toBeGreaterThan(0);

    // The previous key removed: everything reads and is found with B alone; what A signed no longer verifies.
    useEncryptionKey(keyB);
    await restart();
    await expectReadableAndFound([other]);
    expect(await hostedStatus(linkUnderA)).toBe(404);
    expect(await hostedStatus(await hostedLink())).toBe(200);
    // Every sealed value of every table opens under B alone.
    for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
      if (table === 'idempotency_records') continue;
      const rows = await queryRows<Record<string, unknown>>(
        svc.db,
        `SELECT id::text AS id, ${Object.keys(columns).join(', ')} FROM ${table}`,
        [],
      );
      for (const row of rows)
        for (const column of Object.keys(columns))
          expect(() => openValue({ table, column, rowId: row['id'] as string, stored: row[column] })).not.toThrow();
    }
  });

  it('refuses to rotate when no previous key is set', async () => {
    useEncryptionKey(keyB);
    expect(await rotateEncryptionKey({ db: svc.db })).toEqual({ ok: false, refusal: 'no_previous_key' });
  });
});
