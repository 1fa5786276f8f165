import { importWatchlistVersion, type Database, type ImportOutcome, type JobQueue } from '@svc/db';
import { requestWatchlistRescreen } from '../jobs/watchlist-rescreen.js';

/**
 * Imports a list version (`svc watchlists import`, the scheduled fetch): refused whole when the file cannot be read
 * (the version in force stays), nothing when it is the version in force; else it becomes the version in force and
 * the re-screening of the monitored applicants against it is queued in the same transaction.
 */
export function importWatchlist({
  db,
  jobs,
  ...file
}: { db: Database; jobs: JobQueue } & Omit<
  Parameters<typeof importWatchlistVersion>[1],
  'onImported'
>): Promise<ImportOutcome> {
  return importWatchlistVersion(db, {
    ...file,
    onImported: (manager, version) => requestWatchlistRescreen(jobs, manager, version.id),
  });
}
