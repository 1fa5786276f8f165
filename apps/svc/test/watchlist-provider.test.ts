import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@svc/api';
import type { SvcClient } from '@svc/contract';
import { importWatchlistVersion } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { checksumTap, parseWatchlist, type WatchlistSource } from '@svc/watchlists';
import { apiTargets, fullInformation, quickScreenUntilReturned, type TestApi } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/watchlists/test/fixtures/${name}`, import.meta.url));

/**
 * The built-in watchlist provider answering the softcheck in live and demo, against lists imported from the official
 * fixtures: a listed person is REVIEW with the evidence (never NOT_CLEAR), anyone else CLEAR for the lists searched,
 * and every answer names the list versions searched and what the provider does not search.
 */
describe.each(apiTargets())('the watchlist provider on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let strict: BootstrappedAccount;
  let worker: RunningWorker | undefined;
  const providersFor = (teams: object) =>
    loadConfig({ SVC_PROVIDERS: JSON.stringify({ watchlists: { type: 'watchlists', checks: ['softcheck'], teams } }) })
      .SVC_PROVIDERS;

  beforeAll(async () => {
    svc = await target.start({ SVC_PROVIDERS: providersFor({}), SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    for (const [source, file] of [
      ['ofac_sdn', 'sdn.xml'],
      ['eu', 'eu.xml'],
    ] as Array<[WatchlistSource, string]>) {
      const tap = checksumTap();
      const parsed = parseWatchlist(source, { file: tap.through(createReadStream(fixture(file))) });
      await importWatchlistVersion(svc.db, { source, parsed, checksum: tap.digest, now: new Date() });
    }
    account = await svc.newPartner();
    strict = await svc.newPartner();
    worker = await startTestWorker(svc, {
      providers: providersFor({ [strict.teams.hr]: { threshold: 0.99, review_band: 0 } }),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  const screen = (client: SvcClient, information: Record<string, unknown>, owner = account.users.hr) =>
    quickScreenUntilReturned(client, owner, { addresses: fullInformation().addresses, ...information });

  it('finds a listed person under another spelling and order, with the entry, list version, score and reasons', async () => {
    const live = svc.client(account.api_keys.live);
    const found = await screen(live, { first_name: 'Vladimir', last_name: 'Poutine', date_of_birth: '1952-10-07' });
    expect(found.simulated).toBe(false);
    expect(found.check_executions[0]).toMatchObject({ status: 'COMPLETE', provider: 'watchlists', simulated: false });
    expect(found.result).toBe('REVIEW');
    const risk = found.risk_result!;
    expect(risk.red_flags).toEqual([
      expect.stringMatching(
        /^Possible match \(score 0\.\d\d, threshold 0\.85\): EU Financial Sanctions Files entry EU\.5871\.44 "Vladimir Vladimirovich Putin" \(UKR\)\. "vladimir": the same word; "poutine" ~ "putin": sounds alike; .*the date of birth is the one listed/,
      ),
      expect.stringMatching(/OFAC Specially Designated Nationals \(XML\) entry 35096 "Vladimir Vladimirovich PUTIN"/),
    ]);
    expect(risk.green_flags.join(' ')).toMatch(
      /Lists searched: EU Financial Sanctions Files \(version \S+, published 2024-03-01, .*3 entries\); OFAC .*Court records and adverse media were not searched/,
    );
    // The date the result reflects: a later list version's hit goes to the record, not to this result or its report.
    expect(risk.green_flags.at(-1)).toMatch(
      /^Screened on \d{4}-\d{2}-\d{2} against the versions above: an entry a later list version brings is recorded on the applicant's record/,
    );
    const [match] = risk.risk_evaluations[0]!.criminal_results;
    expect(match).toMatchObject({
      overall_score: 'REVIEW',
      criminal_identity: {
        criminal_sources: [expect.objectContaining({ name: 'EU Financial Sanctions Files', date: '2024-03-01' })],
        criminal_additional_informations: [expect.objectContaining({ dates_of_birth: ['1952-10-07'] })],
      },
    });
    // Both entries are recorded on the applicant, as the result shows them: for review, with the evidence.
    expect(found.watchlist_hits).toEqual(
      ['EU.5871.44', '35096'].map((entry) =>
        expect.objectContaining({
          list_entry_id: entry,
          entry_name: expect.stringMatching(/^Vladimir Vladimirovich Putin$/i),
          status: 'REVIEW',
          found_by: 'SCREENING',
          reasons: expect.arrayContaining(['"vladimir": the same word']),
        }),
      ),
    );
    const [euHit] = found.watchlist_hits;
    expect(risk.red_flags[0]).toContain(`(score ${euHit!.score.toFixed(2)},`);
    // The report says the same: the possible match for review, with its evidence, and what was searched.
    const report = await live.hr.reportWeb({ params: { applicant_id: found.id } });
    if (report.status !== 200) throw new Error(`report refused: ${JSON.stringify(report.body)}`);
    expect(report.body.html).toContain('Possible match (score');
    expect(report.body.html).toContain('entry EU.5871.44');
    expect(report.body.html).toMatch(/Lists searched: EU Financial Sanctions Files \(version/);
    expect(report.body.html).toContain('Court records and adverse media were not searched');
    expect(euHit).toMatchObject({
      source: 'eu',
      list_name: 'EU Financial Sanctions Files',
      list_published_on: '2024-03-01',
    });
  });

  it('clears a person who is not listed, or listed under the same name with another birth year, saying what was searched', async () => {
    const demo = svc.client(account.api_keys.demo);
    const cleared = await screen(demo, { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' });
    expect(cleared.check_executions[0]).toMatchObject({ provider: 'watchlists', simulated: false });
    expect(cleared.risk_result?.red_flags).toEqual([]);
    expect(cleared.watchlist_hits).toEqual([]);
    expect(cleared.risk_result?.green_flags[0]).toBe(
      'No entry of the lists searched scores 0.85 or more for the applicant.',
    );
    expect(cleared.result).not.toBe('REVIEW');

    const namesake = await screen(demo, {
      first_name: 'Nicolás',
      last_name: 'Maduro Moros',
      date_of_birth: '1991-11-23',
    });
    expect(namesake.risk_result?.red_flags).toEqual([]);
    const sameBirth = await screen(demo, {
      first_name: 'Nicolas',
      last_name: 'MADURO MOROS',
      date_of_birth: '1962-11-23',
    });
    expect(sameBirth.risk_result?.red_flags).toHaveLength(1);
  });

  it("applies a team's own threshold", async () => {
    const found = await screen(
      svc.client(strict.api_keys.live),
      { first_name: 'Vladimir', last_name: 'Poutine', date_of_birth: '1952-10-07' },
      strict.users.hr,
    );
    expect(found.risk_result?.red_flags).toEqual([]);
    expect(found.risk_result?.green_flags[0]).toBe(
      'No entry of the lists searched scores 0.99 or more for the applicant.',
    );
  });
});
