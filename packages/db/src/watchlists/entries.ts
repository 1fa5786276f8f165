import { ENTITY_TYPES, type EntityType, type WatchlistEntry } from '@svc/watchlists';
import type { DbHandle } from '../db-handle.js';
import { queryRows } from '../repositories/query-rows.js';

/** An entry as stored: its version and number there. */
export type StoredWatchlistEntry = WatchlistEntry & { readonly versionId: string; readonly entryNo: number };

type EntryRow = {
  version_id: string;
  entry_no: number;
  list_id: string;
  entity_type: string;
  names: string[];
  birth_dates: string[];
  nationalities: string[];
  programs: string[];
};

const entryOf = (row: EntryRow): StoredWatchlistEntry => ({
  versionId: row.version_id,
  entryNo: row.entry_no,
  listId: row.list_id,
  entityType: (ENTITY_TYPES as readonly string[]).includes(row.entity_type)
    ? (row.entity_type as EntityType)
    : 'unknown',
  names: row.names,
  birthDates: row.birth_dates,
  nationalities: row.nationalities,
  programs: row.programs,
});

const COLUMNS = 'version_id, entry_no, list_id, entity_type, names, birth_dates, nationalities, programs';

/** The entries of a version in pages of `pageSize`, in order (for building a screening index without holding rows). */
export async function* watchlistEntryPages(
  handle: DbHandle,
  versionId: string,
  pageSize = 10_000,
): AsyncGenerator<StoredWatchlistEntry[]> {
  let after = -1;
  for (;;) {
    const rows = await queryRows<EntryRow>(
      handle,
      `SELECT ${COLUMNS} FROM watchlist_entries WHERE version_id = $1 AND entry_no > $2 ORDER BY entry_no LIMIT $3`,
      [versionId, after, pageSize],
    );
    if (rows.length === 0) return;
    yield rows.map(entryOf);
    after = rows.at(-1)!.entry_no;
  }
}

/** Some entries of one version by number (the hits of a screening). */
export async function watchlistEntriesByNumber(
  handle: DbHandle,
  versionId: string,
  entryNos: readonly number[],
): Promise<StoredWatchlistEntry[]> {
  const rows = await queryRows<EntryRow>(
    handle,
    `SELECT ${COLUMNS} FROM watchlist_entries WHERE version_id = $1 AND entry_no = ANY($2::integer[]) ORDER BY entry_no`,
    [versionId, entryNos],
  );
  return rows.map(entryOf);
}
