import { WatchlistFormatError, type ParsedList, type WatchlistEntry, type WatchlistSource } from '@svc/watchlists';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { uuidv7 } from '../ids.js';
import { PgliteGatewayClient } from '../pglite/typeorm-driver.js';
import { queryRows } from '../repositories/query-rows.js';
import { versionsWhere, type WatchlistVersion } from './versions.js';

/** Entries sent to PostgreSQL per write of the COPY stream, and to PGlite per COPY statement. */
const BATCH = 2_000;
const PGLITE_BATCH = 20_000;

const COPY_COLUMNS = 'version_id, entry_no, list_id, entity_type, names, birth_dates, nationalities, programs';

/** A value in COPY's text format: backslash, tab and line breaks escaped. */
const copyText = (value: string) => value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!);
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A text[] literal: every element quoted, its backslashes and quotes escaped. */
const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** Entries as lines of COPY's text format. */
const copyLines = (versionId: string, first: number, batch: readonly WatchlistEntry[]) =>
  batch
    .map((entry, index) =>
      [
        versionId,
        String(first + index),
        copyText(entry.listId),
        entry.entityType,
        copyText(arrayLiteral(entry.names)),
        copyText(arrayLiteral(entry.birthDates)),
        copyText(arrayLiteral(entry.nationalities)),
        copyText(arrayLiteral(entry.programs)),
      ].join('\t'),
    )
    .join('\n') + '\n';

type EntryWriter = {
  /** Entries per `write`. */
  readonly batch: number;
  write(first: number, batch: readonly WatchlistEntry[]): Promise<void>;
  end(): Promise<void>;
  /** Ends the COPY with the import's error (PostgreSQL refuses it, so the transaction can roll back). */
  abort(error: unknown): Promise<void>;
};

/**
 * Writes a version's entries with COPY, on the transaction's connection: on PostgreSQL one `COPY … FROM STDIN` stream
 * for the whole file, written as it is read (PostgreSQL stores while the file is parsed); on PGlite one
 * `COPY … FROM '/dev/blob'` per batch. A failed read aborts the stream, and the transaction rolls back.
 */
async function entryWriter(manager: EntityManager, versionId: string): Promise<EntryWriter> {
  const client: unknown = await manager.queryRunner!.connect();
  if (client instanceof PgliteGatewayClient) {
    const statement = `COPY watchlist_entries (${COPY_COLUMNS}) FROM '/dev/blob'`;
    return {
      batch: PGLITE_BATCH,
      write: async (first, batch) => {
        const blob = new Blob([copyLines(versionId, first, batch)]);
        await client.gateway.execute(client.lease, statement, undefined, { blob });
      },
      end: async () => {},
      abort: async () => {},
    };
  }
  const stream = (client as PoolClient).query(copyFrom(`COPY watchlist_entries (${COPY_COLUMNS}) FROM STDIN`));
  const done = finished(stream);
  done.catch(() => {});
  return {
    batch: BATCH,
    write: async (first, batch) => {
      if (!stream.write(copyLines(versionId, first, batch))) await once(stream, 'drain');
    },
    end: async () => {
      stream.end();
      await done;
    },
    abort: async (error) => {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await done.catch(() => {});
    },
  };
}

export type ImportOutcome =
  | { readonly status: 'imported'; readonly version: WatchlistVersion; readonly superseded: string | null }
  | { readonly status: 'unchanged'; readonly version: WatchlistVersion };

/**
 * Imports a list version in one transaction: its entries as the file is read, then it becomes its source's current
 * version and the one before it is superseded (its entries kept until the next import, for screenings under way;
 * older ones' deleted). A file that fails to read (`WatchlistFormatError`: malformed, cut short, empty) rolls
 * everything back: the version in force stays in force. A file whose checksum is the current version's changes
 * nothing. `checksum` is asked once the file was read whole.
 */
export async function importWatchlistVersion(
  db: Database,
  {
    source,
    parsed,
    checksum,
    now,
    onImported,
  }: {
    source: WatchlistSource;
    parsed: ParsedList;
    checksum: () => string;
    now: Date;
    /** Runs in the import's transaction once the new version is in force (it queues the re-screening). */
    onImported?: (manager: EntityManager, version: WatchlistVersion) => Promise<void>;
  },
): Promise<ImportOutcome> {
  return db.transaction(async (manager) => {
    const versionId = uuidv7();
    // The version row first (its entries reference it), superseded until it is complete.
    await manager.query(
      `INSERT INTO watchlist_versions (id, source, imported_at, checksum, entry_count, name_count, superseded_at)
       VALUES ($1, $2, $3, '', 0, 0, $3)`,
      [versionId, source, now],
    );
    const writer = await entryWriter(manager, versionId);
    let batch: WatchlistEntry[] = [];
    let entries = 0;
    let names = 0;
    try {
      for await (const entry of parsed.entries) {
        batch.push(entry);
        names += entry.names.length;
        if (batch.length === writer.batch) {
          await writer.write(entries, batch);
          entries += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await writer.write(entries, batch);
      entries += batch.length;
    } catch (error) {
      await writer.abort(error);
      throw error;
    }
    await writer.end();
    if (entries === 0) throw new WatchlistFormatError('the file holds no entry');
    const sum = checksum();
    const [current] = await queryRows<{ id: string; checksum: string }>(
      manager,
      `SELECT id, checksum FROM watchlist_versions WHERE source = $1 AND superseded_at IS NULL FOR UPDATE`,
      [source],
    );
    if (current?.checksum === sum) {
      await manager.query(`DELETE FROM watchlist_versions WHERE id = $1`, [versionId]);
      return { status: 'unchanged', version: (await versionsById(manager, [current.id]))[0]! };
    }
    await manager.query(
      `DELETE FROM watchlist_entries WHERE version_id IN (
         SELECT id FROM watchlist_versions WHERE source = $1 AND superseded_at IS NOT NULL AND id <> $2)`,
      [source, versionId],
    );
    if (current)
      await manager.query(`UPDATE watchlist_versions SET superseded_at = $2 WHERE id = $1`, [current.id, now]);
    const facts = parsed.facts();
    await manager.query(
      `UPDATE watchlist_versions
          SET superseded_at = NULL, checksum = $2, entry_count = $3, name_count = $4, published_at = $5
        WHERE id = $1`,
      [versionId, sum, entries, names, facts.publishedAt],
    );
    const version = (await versionsById(manager, [versionId]))[0]!;
    await onImported?.(manager, version);
    return { status: 'imported', version, superseded: current?.id ?? null };
  });
}

const versionsById = (manager: EntityManager, ids: string[]) => versionsWhere(manager, 'id = ANY($1)', [ids]);
