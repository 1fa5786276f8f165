// `svc watchlists import|list`: sanctions and watch lists from their official files, straight on the database.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '@svc/api';
import {
  createJobQueue,
  currentWatchlistVersions,
  watchlistVersionHistory,
  type Database,
  type WatchlistVersion,
} from '@svc/db';
import { importWatchlist, JOB_QUEUES } from '@svc/services';
import { checksumTap, parseWatchlist, WATCHLIST_SOURCES, type WatchlistSource } from '@svc/watchlists';
import { withMigratedDatabase } from './database.js';

export const WATCHLIST_USAGE = `  watchlists import <source> <file> [--aliases <alt.csv>]   import a list version from its official file
             and queue the re-screening of monitored applicants against it
             (sources: ${WATCHLIST_SOURCES.join(', ')}; ofac_sdn_csv reads alt.csv beside sdn.csv unless --aliases
             names it); a file that cannot be read whole changes nothing
  watchlists list [--all]                          the versions in force (--all: and the ones they superseded)`;

type Output = { out(text: string): void };

const isSource = (value: string | undefined): value is WatchlistSource =>
  (WATCHLIST_SOURCES as readonly (string | undefined)[]).includes(value);

const describeVersion = (version: WatchlistVersion) =>
  `${version.source}  ${version.id}  published ${version.publishedAt?.toISOString() ?? 'not stated'}  imported ` +
  `${version.importedAt.toISOString()}  ${version.entryCount} entries  ${version.nameCount} names  sha256 ` +
  `${version.checksum}${version.supersededAt ? `  superseded ${version.supersededAt.toISOString()}` : ''}`;

async function importCommand(db: Database, args: string[], output: Output) {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { aliases: { type: 'string' } } });
  const [source, file] = positionals;
  if (!isSource(source) || !file || positionals.length > 2)
    throw new Error(`svc: watchlists import <source> <file>, source one of ${WATCHLIST_SOURCES.join(', ')}`);
  const aliasesFile = values.aliases ?? (source === 'ofac_sdn_csv' ? join(dirname(file), 'alt.csv') : undefined);
  for (const path of [file, aliasesFile]) if (path) await access(path);
  const tap = checksumTap();
  const parsed = parseWatchlist(source, {
    file: tap.through(createReadStream(file)),
    ...(aliasesFile ? { aliases: tap.through(createReadStream(aliasesFile)) } : {}),
  });
  const started = performance.now();
  // The re-screening of monitored applicants is queued with the import, for the workers.
  const jobs = await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false });
  const outcome = await importWatchlist({ db, jobs, source, parsed, checksum: tap.digest, now: new Date() });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  output.out(
    outcome.status === 'unchanged'
      ? `unchanged: the file is the version in force\n${describeVersion(outcome.version)}`
      : `imported in ${seconds} s${outcome.superseded ? ` (supersedes ${outcome.superseded})` : ''}\n${describeVersion(outcome.version)}`,
  );
}

async function listCommand(db: Database, args: string[], output: Output) {
  const { values } = parseArgs({ args, options: { all: { type: 'boolean', default: false } } });
  const versions = values.all ? await watchlistVersionHistory(db) : await currentWatchlistVersions(db);
  output.out(versions.length ? versions.map(describeVersion).join('\n') : 'no list imported');
}

/** Runs `svc watchlists …`; false when the subcommand is unknown (the caller prints the usage). */
export async function runWatchlistCommand(
  config: Config,
  [subcommand, ...args]: string[],
  output: Output,
): Promise<boolean> {
  const run = { import: importCommand, list: listCommand }[subcommand ?? ''];
  if (!run) return false;
  await withMigratedDatabase(config, (db) => run(db, args, output));
  return true;
}
