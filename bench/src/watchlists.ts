import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createDatabase, importWatchlistVersion, runMigrations, type Database } from '@svc/db';
import { createLogger, WatchlistScreener } from '@svc/worker';
import { checksumTap, parseWatchlist, queryName, ScreeningIndex } from '@svc/watchlists';
import { generateCorpus, scoreCorpus, type Corpus } from '@svc/watchlists/testing';
import { sizeSetting } from './measure.js';
import { createBenchDatabase } from './stack.js';

export const name = 'watchlists';

/** The watchlist provider's default threshold. */
const THRESHOLD = 0.85;
/** Names of the made-up list: `BENCH_WATCHLIST_SIZE` (a smaller list for a quick look), 1,000,000 by default. */
const NAMES = sizeSetting('BENCH_WATCHLIST_SIZE', { fallback: 1_000_000, least: 1_000, of: 'names' });
const QUALITY_QUERIES = 4_000;
const TIMED_QUERIES = 500;

const percentile = (values: readonly number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
// A full collection before each reading: what the index holds, not what is left to collect.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapMb = () => {
  collect();
  return process.memoryUsage().heapUsed / 1e6;
};

/** The corpus's list as OpenSanctions FollowTheMoney JSON lines, the way an operator imports it. */
async function writeFtm(corpus: Corpus, file: string): Promise<void> {
  const out = createWriteStream(file);
  for (const entry of corpus.entries) {
    const line = JSON.stringify({
      id: entry.listId,
      schema: entry.entityType === 'person' ? 'Person' : 'Organization',
      properties: {
        name: [entry.names[0]],
        alias: entry.names.slice(1),
        birthDate: entry.birthDates,
        nationality: entry.nationalities,
      },
      datasets: ['synthetic'],
      last_change: '2026-11-01T00:00:00',
    });
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

async function importSeconds(db: Database, file: string): Promise<number> {
  const started = performance.now();
  const tap = checksumTap();
  const parsed = parseWatchlist('opensanctions', { file: tap.through(createReadStream(file)) });
  const outcome = await importWatchlistVersion(db, {
    source: 'opensanctions',
    parsed,
    checksum: tap.digest,
    now: new Date(),
  });
  if (outcome.status !== 'imported') throw new Error('not imported');
  return (performance.now() - started) / 1000;
}

/** Load of the index from the database, then screening times (each hit's entry read back) through a worker's screener. */
async function screeningFigures(db: Database, corpus: Corpus) {
  const screener = new WatchlistScreener(db, createLogger({ level: 'warn' }));
  const before = heapMb();
  const loadStarted = performance.now();
  const facts = { birthDate: null, nationalities: [] };
  await screener.screen(queryName('warm up'), facts, { minimum: THRESHOLD });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const indexMb = heapMb() - before;
  const times: number[] = [];
  for (const query of corpus.queries.slice(0, TIMED_QUERIES)) {
    const started = performance.now();
    await screener.screen(
      queryName(query.name),
      { birthDate: query.birthDate, nationalities: [] },
      { minimum: THRESHOLD },
    );
    times.push(performance.now() - started);
  }
  return { loadSeconds, indexMb, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/**
 * Watchlist screening (issue 34): a labelled corpus of 1,000,000 listed names made up in the repository
 * (`@svc/watchlists/testing`): recall and precision at the provider's default threshold; importing it as an
 * OpenSanctions file into PostgreSQL and into the embedded PGlite; loading a worker's index from each; screening
 * time per applicant (each hit's entry read back from the database) and the index's memory.
 */
export async function run(): Promise<Record<string, number>> {
  let corpus = generateCorpus({ entries: 100, queries: 1 });
  for (let entries = Math.round(NAMES / 1.4); ; entries = Math.round(entries * 1.02)) {
    corpus = generateCorpus({ entries, queries: QUALITY_QUERIES });
    if (corpus.entries.reduce((sum, entry) => sum + entry.names.length, 0) >= NAMES) break;
  }
  const names = corpus.entries.reduce((sum, entry) => sum + entry.names.length, 0);
  console.log(`  ${corpus.entries.length} entries, ${names} names, ${corpus.queries.length} labelled queries`);

  const index = new ScreeningIndex();
  for (const entry of corpus.entries) index.add(entry);
  index.build();
  const quality = scoreCorpus(corpus, (query) =>
    index
      .screen(queryName(query.name), { birthDate: query.birthDate, nationalities: [] }, { minimum: THRESHOLD })
      .map((hit) => hit.entry),
  );

  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-watchlists-'));
  const file = join(directory, 'entities.ftm.json');
  const postgres = createBenchDatabase('watchlists');
  const figures: Record<string, number> = {
    watchlist_recall: round(quality.recall, 3),
    watchlist_precision: round(quality.precision, 3),
    watchlist_names: names,
  };
  try {
    await writeFtm(corpus, file);
    for (const [label, open] of [
      ['pg', () => createDatabase({ url: postgres.url })],
      ['pglite', () => createDatabase({ pgliteDir: join(directory, 'pglite') })],
    ] as const) {
      const db = await open();
      try {
        await runMigrations(db);
        figures[`watchlist_import_s_${label}`] = round(await importSeconds(db, file));
        const screening = await screeningFigures(db, corpus);
        figures[`watchlist_index_load_s_${label}`] = round(screening.loadSeconds);
        figures[`watchlist_index_heap_mb_${label}`] = round(screening.indexMb, 0);
        figures[`watchlist_screen_p50_ms_${label}`] = round(screening.p50, 2);
        figures[`watchlist_screen_p95_ms_${label}`] = round(screening.p95, 2);
      } finally {
        await db.close();
      }
    }
  } finally {
    postgres.drop();
    rmSync(directory, { recursive: true, force: true });
  }
  return figures;
}
