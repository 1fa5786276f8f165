import { WATCHLIST_SOURCES, type WatchlistSource } from '@svc/watchlists';
import type { DbHandle } from '../db-handle.js';
import { queryRows } from '../repositories/query-rows.js';

/** One imported version of a list. */
export type WatchlistVersion = {
  readonly id: string;
  readonly source: WatchlistSource;
  readonly publishedAt: Date | null;
  readonly importedAt: Date;
  /** SHA-256 of the file(s), hex. */
  readonly checksum: string;
  readonly entryCount: number;
  readonly nameCount: number;
  /** Null for the version in force. */
  readonly supersededAt: Date | null;
};

type VersionRow = {
  id: string;
  source: string;
  published_at: Date | null;
  imported_at: Date;
  checksum: string;
  entry_count: number;
  name_count: number;
  superseded_at: Date | null;
};

const isSource = (value: string): value is WatchlistSource => (WATCHLIST_SOURCES as readonly string[]).includes(value);

const versionOf = (row: VersionRow & { source: WatchlistSource }): WatchlistVersion => ({
  id: row.id,
  source: row.source,
  publishedAt: row.published_at,
  importedAt: row.imported_at,
  checksum: row.checksum,
  entryCount: row.entry_count,
  nameCount: row.name_count,
  supersededAt: row.superseded_at,
});

export async function versionsWhere(handle: DbHandle, where: string, values: unknown[]): Promise<WatchlistVersion[]> {
  const rows = await queryRows<VersionRow>(
    handle,
    `SELECT id, source, published_at, imported_at, checksum, entry_count, name_count, superseded_at
       FROM watchlist_versions WHERE ${where} ORDER BY source, imported_at DESC`,
    values,
  );
  // A source this version of svc does not know (written by a newer one) is left out.
  return rows.filter((row): row is VersionRow & { source: WatchlistSource } => isSource(row.source)).map(versionOf);
}

/** The version in force of each source that has one. */
export function currentWatchlistVersions(handle: DbHandle): Promise<WatchlistVersion[]> {
  return versionsWhere(handle, 'superseded_at IS NULL', []);
}

/** Every version kept, the current ones and their history, newest first within a source. */
export function watchlistVersionHistory(handle: DbHandle): Promise<WatchlistVersion[]> {
  return versionsWhere(handle, 'true', []);
}
