// `pnpm bench [name…]`: runs every benchmark module (or the named ones), merges their figures into results.json and
// rewrites RESULTS.md. Benchmarks are not tests: nothing here runs under `npm test`.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as cluster from './cluster.js';
import * as e2e from './e2e.js';
import * as fuzz from './fuzz.js';
import * as http from './http.js';
import * as identity from './identity.js';
import * as idle from './idle.js';
import * as list from './list.js';
import * as pdf from './pdf.js';
import * as pooler from './pooler.js';
import * as storage from './storage.js';
import * as watchlists from './watchlists.js';
import * as webhooks from './webhooks.js';
import { radosgwUnavailableReason, startRadosgw, type Radosgw } from '@svc/db/testing';
import { machineFacts, readResults, resultsMarkdown, writeResults } from './results.js';
import { useObjectStorage } from './stack.js';

/** A benchmark: its name (for `pnpm bench <name>`) and the figures it measures. */
type Benchmark = { name: string; run(): Promise<Record<string, number>> };

const BENCHMARKS: readonly Benchmark[] = [
  http,
  e2e,
  pdf,
  list,
  webhooks,
  idle,
  watchlists,
  pooler,
  identity,
  cluster,
  storage,
  fuzz,
];

const RESULTS_JSON = fileURLToPath(new URL('../results.json', import.meta.url));
const RESULTS_MD = fileURLToPath(new URL('../RESULTS.md', import.meta.url));
/** Before-and-after comparisons written by hand (figures of other runs), kept at the end of RESULTS.md. */
const HISTORY_MD = fileURLToPath(new URL('../HISTORY.md', import.meta.url));

async function main(names: readonly string[]): Promise<void> {
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown benchmark: ${unknown.join(', ')} (known: ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')})`,
    );
    process.exit(2);
  }
  const selected = names.length > 0 ? BENCHMARKS.filter((benchmark) => names.includes(benchmark.name)) : BENCHMARKS;
  const radosgw = await objectStorageOfRun();
  const facts = {
    ...(await machineFacts()),
    storage: radosgw ? 'S3 bucket on a local radosgw (BENCH_STORAGE=s3)' : 'PostgreSQL',
  };
  const results = await readResults(RESULTS_JSON);
  const history = await readFile(HISTORY_MD, 'utf8');
  for (const benchmark of selected) {
    console.log(`${benchmark.name}:`);
    const figures = await benchmark.run();
    for (const [figure, value] of Object.entries(figures)) console.log(`  ${figure} = ${value.toFixed(3)}`);
    Object.assign(results, figures);
    // Written after each benchmark, so a later failure keeps the figures measured before it.
    await writeResults({ file: RESULTS_JSON, results });
    await writeFile(
      RESULTS_MD,
      resultsMarkdown({ results, facts, measured: selected.map((done) => done.name), history }),
    );
  }
  console.log(`figures in ${RESULTS_JSON} and ${RESULTS_MD}`);
  await radosgw?.close();
}

/** `BENCH_STORAGE=s3`: one radosgw for the run, and every svc started keeps its files in its bucket. */
async function objectStorageOfRun(): Promise<Radosgw | undefined> {
  const storage = process.env.BENCH_STORAGE ?? 'postgres';
  if (storage === 'postgres') return undefined;
  if (storage !== 's3') {
    console.error(`BENCH_STORAGE must be postgres or s3, not ${storage}`);
    process.exit(2);
  }
  const unavailable = await radosgwUnavailableReason();
  if (unavailable) throw new Error(`BENCH_STORAGE=s3: ${unavailable}`);
  const radosgw = await startRadosgw();
  useObjectStorage(radosgw.settings);
  return radosgw;
}

await main(process.argv.slice(2));
