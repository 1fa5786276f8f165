import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@svc/api';
import { eventSchema } from '@svc/contract';
import { waitFor } from '@svc/db/testing';
import { importWatchlist, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { checksumTap, parseWatchlist, type WatchlistSource } from '@svc/watchlists';
import { apiTargets, fullInformation, quickScreenUntilReturned, type TestApi } from '@svc/api/testing';
import { headersOf, startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { startTestWorker } from './support/worker.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/watchlists/test/fixtures/${name}`, import.meta.url));

/** The person the new list version adds: screened clear first, a possible match once listed. */
const NEWLY_LISTED = { first_name: 'Ivana', last_name: 'Drakulova', date_of_birth: '1979-04-02' };
const NEW_ENTRY = {
  id: 'NK-new0001',
  schema: 'Person',
  properties: { name: ['Ivana Drakulová'], birthDate: ['1979-04-02'], nationality: ['cz'] },
  datasets: ['eu_fsf'],
  last_change: '2026-11-20T00:00:00',
};

/**
 * Re-screening when a list changes: applicants whose softcheck the built-in provider answered are screened again
 * against each new list version; an entry not found before is recorded and announced (`watchlist.hit`, signed webhook
 * to a receiver on loopback) and shown on its record with the evidence; an erased applicant is not screened again and
 * gets no event, and erasing one deletes its hits.
 */
describe.each(apiTargets())('re-screening against a new list version on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let worker: RunningWorker | undefined;
  let receiver: WebhookReceiver;
  let directory: string;
  const providers = loadConfig({
    SVC_PROVIDERS: JSON.stringify({ watchlists: { type: 'watchlists', checks: ['softcheck'] } }),
  }).SVC_PROVIDERS;

  const importFile = async (source: WatchlistSource, file: string) => {
    const tap = checksumTap();
    const parsed = parseWatchlist(source, { file: tap.through(createReadStream(file)) });
    return importWatchlist({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      source,
      parsed,
      checksum: tap.digest,
      now: new Date(),
    });
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    directory = await mkdtemp(join(tmpdir(), 'svc-rescreen-'));
    svc = await target.start({
      SVC_PROVIDERS: providers,
      SVC_RATE_LIMIT_PER_MINUTE: 100_000,
      SVC_WEBHOOK_ALLOW_PRIVATE: true,
    });
    await importFile('opensanctions', fixture('entities.ftm.json'));
    account = await svc.newPartner();
    worker = await startTestWorker(svc, { providers, webhooks: { allowPrivate: true, pollMs: 50 } });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    await receiver?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('announces a new hit on an active applicant with a signed watchlist.hit, and none for an erased one', async () => {
    const live = svc.client(account.api_keys.live);
    const endpoint = await live.webhookEndpoints.create({
      body: { url: `${receiver.url}/hits`, event_types: ['watchlist.hit'] },
    });
    if (endpoint.status !== 201) throw new Error(`endpoint refused: ${JSON.stringify(endpoint.body)}`);
    const information = { addresses: fullInformation().addresses, ...NEWLY_LISTED };
    // The erased applicant is ordered first: the re-screening pages in order, so it is passed before the other's hit.
    const erased = await quickScreenUntilReturned(live, account.users.hr, information);
    const active = await quickScreenUntilReturned(live, account.users.hr, information);
    expect(active.result).not.toBe('REVIEW');
    expect(active.risk_result?.red_flags).toEqual([]);
    expect((await live.hr.eraseApplicant({ params: { applicant_id: erased.id } })).status).toBe(204);

    // A new version of the list: the same entries and one more.
    const newVersion = join(directory, 'entities-2.ftm.json');
    await writeFile(
      newVersion,
      `${await readFile(fixture('entities.ftm.json'), 'utf8')}${JSON.stringify(NEW_ENTRY)}\n`,
    );
    const outcome = await importFile('opensanctions', newVersion);
    expect(outcome.status).toBe('imported');

    await waitFor(() => receiver.at('/hits').length > 0);
    const [delivery] = receiver.at('/hits');
    const verified = new Webhook(endpoint.body.secret).verify(delivery!.body, headersOf(delivery!));
    expect(eventSchema.parse(verified)).toEqual({
      id: expect.any(String),
      created: expect.any(String),
      type: 'watchlist.hit',
      environment: 'live',
      data: {
        applicant_id: active.id,
        application_id: active.application.id,
        source: 'opensanctions',
        list_version_id: outcome.version.id,
        list_entry_id: 'NK-new0001',
      },
    });
    // Identifiers and list references only: no name, no date of birth.
    expect(delivery!.body).not.toMatch(/Ivana|Drakul|1979/);

    const hitsOf = async (applicantId: string) =>
      (await svc.db.dataSource.query(
        `SELECT (SELECT count(*) FROM watchlist_hits WHERE applicant_id = $1)::int AS hits,
                (SELECT count(*) FROM events WHERE applicant_id = $1 AND type = 'watchlist.hit')::int AS events`,
        [applicantId],
      )) as Array<{ hits: number; events: number }>;
    expect(await hitsOf(active.id)).toEqual([{ hits: 1, events: 1 }]);
    expect(await hitsOf(erased.id)).toEqual([{ hits: 0, events: 0 }]);

    // The hit is on the applicant's record, for a person to review: the list, version, entry, score and reasons.
    await svc.changesSeen();
    const retrieved = await live.hr.retrieveApplicant({ params: { applicant_id: active.id } });
    if (retrieved.status !== 200) throw new Error(`retrieve refused: ${JSON.stringify(retrieved.body)}`);
    expect(retrieved.body.watchlist_hits).toEqual([
      {
        source: 'opensanctions',
        list_name: 'OpenSanctions (FollowTheMoney entities)',
        list_version_id: outcome.version.id,
        list_published_on: outcome.version.publishedAt?.toISOString().slice(0, 10) ?? null,
        list_entry_id: 'NK-new0001',
        entry_name: 'Ivana Drakulová',
        score: expect.any(Number),
        reasons: expect.arrayContaining(['"ivana": the same word', 'the date of birth is the one listed']),
        status: 'REVIEW',
        found_by: 'RESCREENING',
        found_at: expect.any(String),
      },
    ]);
    expect(retrieved.body.watchlist_hits[0]!.score).toBeGreaterThanOrEqual(0.85);
    expect(Date.parse(retrieved.body.last_updated)).toBeGreaterThan(Date.parse(active.last_updated));
    // The softcheck's own answer is as it was: a later hit is not a verdict.
    expect(retrieved.body.result).toBe(active.result);
    const erasedRecord = await live.hr.retrieveApplicant({ params: { applicant_id: erased.id } });
    expect(erasedRecord.status === 200 && erasedRecord.body.watchlist_hits).toEqual([]);

    // The same version again changes nothing; a further version with the same entry announces nothing twice.
    expect((await importFile('opensanctions', newVersion)).status).toBe('unchanged');
    const third = join(directory, 'entities-3.ftm.json');
    await writeFile(
      third,
      `${await readFile(newVersion, 'utf8')}${JSON.stringify({ ...NEW_ENTRY, id: 'Q-other', properties: { name: ['Someone Else'] } })}\n`,
    );
    const again = await importFile('opensanctions', third);
    expect(again.status).toBe('imported');
    await waitFor(async () => {
      const [job] = (await svc.db.dataSource.query(
        `SELECT count(*)::int AS done FROM pgboss.job WHERE name = 'watchlist.rescreen' AND state = 'completed' AND data->>'versionId' = $1`,
        [again.version.id],
      )) as Array<{ done: number }>;
      return job!.done === 1;
    });
    expect(await hitsOf(active.id)).toEqual([{ hits: 1, events: 1 }]);

    // Erasing the applicant deletes its hits: its record shows none, and nothing of them is stored.
    expect((await live.hr.eraseApplicant({ params: { applicant_id: active.id } })).status).toBe(204);
    const gone = await live.hr.retrieveApplicant({ params: { applicant_id: active.id } });
    expect(gone.status === 200 && gone.body.watchlist_hits).toEqual([]);
    expect((await hitsOf(active.id))[0]!.hits).toBe(0);
  });
});
