import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { promisify } from 'node:util';
import { chromiumPath } from '@svc/worker';
import { FIGURES, meetsTarget, targetText } from './figures.js';

/** One flat object: figure name -> number. */
export type Results = Record<string, number>;

/** What the figures were measured on. */
export type MachineFacts = {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  chromium: string;
  date: string;
  loadAverage: string;
  /** Where the svc processes kept their files: PostgreSQL, or a bucket under `BENCH_STORAGE=s3`. */
  storage?: string;
};

export async function machineFacts(): Promise<MachineFacts> {
  const chromium = await promisify(execFile)(chromiumPath(), ['--version']).then(
    ({ stdout }) => stdout.trim(),
    () => 'not found',
  );
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium,
    date: new Date().toISOString(),
    loadAverage: loadAverageNow(),
  };
}

/** The 1, 5 and 15 minute load averages. */
const loadAverageNow = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

export async function readResults(file: string): Promise<Results> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Results;
  } catch {
    return {};
  }
}

/** The figures in the order of issue 8, then any other. */
const figureOrder = (results: Results) => [
  ...Object.keys(FIGURES).filter((figure) => figure in results),
  ...Object.keys(results).filter((figure) => !(figure in FIGURES)),
];

/** Three significant digits at least, no more decimals than that needs. */
const rounded = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3)));

export async function writeResults({ file, results }: { file: string; results: Results }): Promise<void> {
  const ordered = Object.fromEntries(figureOrder(results).map((figure) => [figure, rounded(results[figure]!)]));
  await writeFile(file, `${JSON.stringify(ordered, null, 2)}\n`);
}

export function resultsMarkdown({
  results,
  facts,
  measured,
  history,
}: {
  results: Results;
  facts: MachineFacts;
  measured: readonly string[];
  /** Markdown appended as it is (`bench/HISTORY.md`: before-and-after figures of other runs). */
  history: string;
}): string {
  const rows = figureOrder(results).map((figure) => {
    const description = FIGURES[figure];
    const value = results[figure]!;
    const met = meetsTarget(description, value);
    return `| \`${figure}\` | ${rounded(value)} | ${description?.unit ?? ''} | ${targetText(description)} | ${met === null ? '' : met ? 'yes' : '**no**'} | ${description?.what ?? ''} |`;
  });
  return [
    '# Benchmark results',
    '',
    'Written by `pnpm bench` (all benchmarks) or `pnpm bench <name>` (one), from `bench/results.json`. Ratios are measured',
    'side by side in one run, so they hold on a noisy machine; absolute figures move with the load of the machine.',
    '',
    '| figure | value | unit | target | met? | what |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '## Machine of the last run',
    '',
    `- benchmarks run: ${measured.join(', ')}`,
    `- date: ${facts.date}`,
    `- cores: ${facts.cores} (${facts.cpu}), memory: ${facts.memoryGb} GiB`,
    `- load average (1, 5, 15 min) at the start: ${facts.loadAverage}, at the end: ${loadAverageNow()}`,
    `- Node ${facts.node}, ${facts.chromium}`,
    `- files stored in: ${facts.storage ?? 'PostgreSQL'}`,
    '',
    history.trimEnd(),
    '',
  ].join('\n');
}
