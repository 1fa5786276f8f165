import { queryRows, type Database } from '@svc/db';
import { applicantSearchTerms, hasPreviousEncryptionKey, openValue, resealValue, SEALED_COLUMNS } from '@svc/db/crypto';
import { processFileStore } from '@svc/db/storage';
import type { EntityManager } from 'typeorm';
import { FILE_TABLES } from '../storage/migrate.js';
import type { Outcome } from '../transaction.js';

/** What a run did, in counts only (never a value). */
export type EncryptionKeyRotation = {
  /** Values sealed again with the current key, by `table.column`. */
  resealed: Record<string, number>;
  /** Values the current key had sealed already: left alone. */
  alreadyCurrent: number;
  /** Applicants whose blind index was recomputed under the current key. */
  reindexed: number;
  /** Files in the bucket sealed again (none without object storage). */
  objectsResealed: number;
  /** Rows another process changed or deleted between this run's read and its write: run it again for them. */
  changedMeanwhile: number;
};

export type EncryptionRotationRefusal = 'no_previous_key';

/** Rows read at a time: fewer in the tables holding files (a PDF each), so that a batch's memory stays bounded. */
const BATCH = 200;
const FILE_BATCH = 20;

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** How a table's rows are paged (by primary key) and named in the associated data of their values. */
type RowKey = {
  columns: readonly string[];
  types: readonly string[];
  first: readonly string[];
  rowIdOf: (key: readonly string[]) => string;
};
const ID_KEY: RowKey = { columns: ['id'], types: ['uuid'], first: [NIL_UUID], rowIdOf: ([id]) => id! };
const ROW_KEYS: Readonly<Record<string, RowKey>> = {
  idempotency_records: {
    columns: ['api_key_id', 'idempotency_key'],
    types: ['uuid', 'text'],
    first: [NIL_UUID, ''],
    rowIdOf: ([apiKeyId, key]) => `${apiKeyId}/${key}`,
  },
};

/** The applicants' columns their blind index is computed from. */
const INDEXED_COLUMNS = ['email', 'phone_number', 'information'] as const;

type Row = Record<string, unknown>;

const sameTerms = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((term, index) => term === b[index]);

/**
 * Re-keys the data at rest after `SVC_ENCRYPTION_KEY` changed (`svc encryption rotate`, with the old key as
 * `SVC_ENCRYPTION_KEY_PREVIOUS`): every value of every sealed column (`SEALED_COLUMNS`, the files in PostgreSQL
 * included) sealed with the previous key is sealed again with the current one, every applicant's blind index is
 * recomputed under the current key, and with object storage every file in the bucket is sealed again. Table by table
 * in batches ordered by primary key, each batch in a transaction of its own; a row is written only if it changed,
 * and only if no other process wrote its values since this run read them (compare-and-set), so the API and workers
 * may keep running. Stopped anywhere, it runs again from the start: what is under the current key already is left
 * alone. Its writes are no change for the applicant change feed or the read caches (no plaintext changes). A value
 * or a file neither key opens stops the run (naming its table, column and row, and a file's object key; never the
 * value).
 */
export async function rotateEncryptionKey({
  db,
  onBatch,
}: {
  db: Database;
  /** Called after each batch: the table and how many of its rows were read so far. */
  onBatch?: (table: string, rowsRead: number) => void;
}): Promise<Outcome<EncryptionKeyRotation, EncryptionRotationRefusal>> {
  if (!hasPreviousEncryptionKey()) return { ok: false, refusal: 'no_previous_key' };
  const rotation: EncryptionKeyRotation = {
    resealed: {},
    alreadyCurrent: 0,
    reindexed: 0,
    objectsResealed: 0,
    changedMeanwhile: 0,
  };
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    const key = ROW_KEYS[table] ?? ID_KEY;
    const batch = Object.values(columns).includes('bytes') ? FILE_BATCH : BATCH;
    let after = [...key.first];
    let read = 0;
    for (;;) {
      const rows = await db.transaction((transaction) =>
        rotateBatch(transaction, { table, key, after, batch, rotation }),
      );
      read += rows.length;
      onBatch?.(table, read);
      const last = rows[rows.length - 1];
      if (!last || rows.length < batch) break;
      after = last;
    }
  }
  rotation.objectsResealed = await resealObjects(db, rotation);
  return { ok: true, value: rotation };
}

/** One batch of one table: the keys of the rows read. */
async function rotateBatch(
  transaction: EntityManager,
  {
    table,
    key,
    after,
    batch,
    rotation,
  }: { table: string; key: RowKey; after: readonly string[]; batch: number; rotation: EncryptionKeyRotation },
): Promise<string[][]> {
  // Not a change: the triggers of the change feed and the read caches skip this transaction's writes (no plaintext
  // changes; migration `ResealNotAChange`).
  await transaction.query(`SELECT set_config('svc.reseal', 'on', true)`);
  const sealed = Object.keys(SEALED_COLUMNS[table]!);
  const indexes = table === 'applicants';
  const keyList = key.columns.map((name) => `"${name}"`).join(', ');
  const keyParameters = key.types.map((type, index) => `$${index + 1}::${type}`).join(', ');
  const rows = (await transaction.query(
    `SELECT ${key.columns.map((name, index) => `"${name}"::text AS key_${index}`).join(', ')},
            ${sealed.map((name) => `"${name}"`).join(', ')}
            ${indexes ? ', partner_id, search_terms, erased_at IS NULL AS indexed' : ''}
       FROM ${table} WHERE (${keyList}) > (${keyParameters}) ORDER BY ${keyList} LIMIT ${batch}`,
    [...after],
  )) as Row[];
  const keys = rows.map((row) => key.columns.map((_, index) => row[`key_${index}`] as string));
  for (const [index, row] of rows.entries()) {
    const rowKey = keys[index]!;
    const rowId = key.rowIdOf(rowKey);
    const changes = new Map<string, unknown>();
    for (const column of sealed) {
      let resealed: string | Buffer | null;
      try {
        resealed = resealValue({ table, column, rowId, stored: row[column] });
      } catch {
        throw new Error(
          `svc encryption rotate: ${table}.${column} of row ${rowId} opens with neither SVC_ENCRYPTION_KEY nor SVC_ENCRYPTION_KEY_PREVIOUS: the run stopped there; keep both keys set`,
        );
      }
      if (resealed !== null) changes.set(column, resealed);
      else if (row[column] !== null) rotation.alreadyCurrent += 1;
    }
    // Compared: the columns rewritten, and those the blind index is computed from.
    const compared = new Set(changes.keys());
    if (indexes && row['indexed']) {
      const open = (column: (typeof INDEXED_COLUMNS)[number]) =>
        openValue({ table, column, rowId, stored: row[column] });
      const terms = applicantSearchTerms({
        partnerId: row['partner_id'] as string,
        email: (open('email') as string | null) ?? null,
        phoneNumber: (open('phone_number') as { number: string } | null) ?? null,
        information: (open('information') as Record<string, unknown> | null) ?? null,
      });
      if (!sameTerms(terms, (row['search_terms'] as string[] | null) ?? [])) {
        changes.set('search_terms', terms);
        for (const column of INDEXED_COLUMNS) compared.add(column);
      }
    }
    if (changes.size === 0) continue;
    const values: unknown[] = [...rowKey];
    const parameter = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const assignments = [...changes].map(
      ([column, value]) => `"${column}" = ${parameter(value)}${column === 'search_terms' ? '::text[]' : ''}`,
    );
    const unchanged = [...compared].map((column) => `"${column}" IS NOT DISTINCT FROM ${parameter(row[column])}`);
    const updated = await queryRowsOf(
      transaction,
      `UPDATE ${table} SET ${assignments.join(', ')}
        WHERE (${keyList}) = (${keyParameters}) AND ${unchanged.join(' AND ')}
        RETURNING 1 AS updated`,
      values,
    );
    if (updated.length === 0) {
      rotation.changedMeanwhile += 1;
      continue;
    }
    for (const column of changes.keys()) {
      if (column === 'search_terms') rotation.reindexed += 1;
      else rotation.resealed[`${table}.${column}`] = (rotation.resealed[`${table}.${column}`] ?? 0) + 1;
    }
  }
  return keys;
}

const queryRowsOf = (transaction: EntityManager, text: string, values: unknown[]): Promise<Row[]> =>
  transaction.query(text, values) as Promise<Row[]>;

/**
 * Seals every file in the bucket again (object storage): those the previous key sealed are rewritten. A file whose
 * row was deleted meanwhile (an erasure) is deleted again after, so that no rewrite outlives it.
 */
async function resealObjects(db: Database, rotation: EncryptionKeyRotation): Promise<number> {
  const bucket = processFileStore().bucket;
  if (!bucket) return 0;
  let resealed = 0;
  for (const { table } of FILE_TABLES) {
    for (let after = NIL_UUID; ;) {
      const rows = await queryRows<{ id: string; object_key: string }>(
        db,
        `SELECT id, object_key FROM ${table} WHERE object_key IS NOT NULL AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      for (const row of rows) {
        const stillThere = async () =>
          (await queryRows(db, `SELECT 1 FROM ${table} WHERE id = $1 AND object_key = $2`, [row.id, row.object_key]))
            .length > 0;
        let rewritten: boolean;
        try {
          rewritten = await bucket.reseal(row.object_key);
        } catch (error) {
          if (await stillThere())
            throw new Error(
              `svc encryption rotate: the file of ${table} row ${row.id} could not be sealed again (${error instanceof Error ? error.message : 'error'}): the run stopped there; keep both keys set`,
              { cause: error },
            );
          rotation.changedMeanwhile += 1;
          continue;
        }
        if (!rewritten) {
          rotation.alreadyCurrent += 1;
          continue;
        }
        if (!(await stillThere())) await bucket.delete([row.object_key]);
        resealed += 1;
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) break;
      after = last.id;
    }
  }
  return resealed;
}
