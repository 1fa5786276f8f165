import { queryRows, type Database } from '@svc/db';
import { bucketOfProcess, type StorageKind } from '@svc/db/storage';
import { sealValue, openValue } from '@svc/db/crypto';

/** A table of files: its bytes column and the object key each row's file gets in the bucket. */
type FileTable = {
  table: 'reports' | 'adverse_action_notices' | 'applicant_documents';
  column: 'pdf' | 'content';
  /** The key of a row's object: the same as new files of the table get (`storeReport`, …). */
  keySql: string;
};

/** Every table holding files, as `svc storage migrate` moves them. */
export const FILE_TABLES: readonly FileTable[] = [
  { table: 'reports', column: 'pdf', keySql: `'reports/' || applicant_id || '/' || version || '.pdf'` },
  { table: 'adverse_action_notices', column: 'pdf', keySql: `'notices/' || adverse_action_id || '/' || id || '.pdf'` },
  { table: 'applicant_documents', column: 'content', keySql: `'documents/' || applicant_id || '/' || id` },
];

export type FileMigration = {
  /** Files moved by this run, by table. */
  moved: Record<FileTable['table'], number>;
  /** Files still to move (0: every file is where `to` says). */
  remaining: number;
};

/** How many files of `table` are not yet in `to`. */
async function countToMove(db: Database, { table }: FileTable, to: StorageKind): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM ${table} WHERE object_key IS ${to === 's3' ? '' : 'NOT '}NULL`,
    [],
  );
  return row?.n ?? 0;
}

/**
 * Moves existing files to `to` (`svc storage migrate --to s3|postgres`), one file at a time, each in a transaction of
 * its own: a row holds its file in exactly one place at every moment, so the run can stop anywhere (a crash, an
 * outage, `limit`) and run again to go on. To the bucket: the object is written (sealed, the key as associated data)
 * before its row points at it, and written again by a re-run. To PostgreSQL: the row takes the bytes (sealed with the
 * row's id), then the object is deleted. A file erased meanwhile is left alone (its object is deleted).
 */
export async function migrateFiles({
  db,
  to,
  limit = Number.POSITIVE_INFINITY,
  onMoved,
}: {
  db: Database;
  to: StorageKind;
  /** Moves at most this many files in this run. */
  limit?: number;
  onMoved?: (table: string, moved: number) => void;
}): Promise<FileMigration> {
  const bucket = bucketOfProcess();
  const moved = { reports: 0, adverse_action_notices: 0, applicant_documents: 0 };
  let budget = limit;
  for (const fileTable of FILE_TABLES) {
    const { table, column, keySql } = fileTable;
    while (budget > 0) {
      const rows = await queryRows<{ id: string; key: string; object_key: string | null }>(
        db,
        `SELECT id, ${keySql} AS key, object_key FROM ${table}
          WHERE object_key IS ${to === 's3' ? '' : 'NOT '}NULL ORDER BY id LIMIT $1`,
        [Math.min(budget, 20)],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        if (to === 's3') {
          const [stored] = await queryRows<{ bytes: Buffer | null }>(
            db,
            `SELECT ${column} AS bytes FROM ${table} WHERE id = $1 AND object_key IS NULL`,
            [row.id],
          );
          if (!stored?.bytes) continue;
          const bytes = openValue({ table, column, rowId: row.id, stored: stored.bytes }) as Buffer;
          await bucket.put(row.key, bytes);
          const updated = await queryRows<{ id: string }>(
            db,
            `UPDATE ${table} SET ${column} = NULL, object_key = $2 WHERE id = $1 AND object_key IS NULL RETURNING id`,
            [row.id, row.key],
          );
          if (updated.length === 0) await bucket.delete([row.key]);
        } else {
          const objectKey = row.object_key!;
          const bytes = await bucket.get(objectKey);
          await queryRows(
            db,
            `UPDATE ${table} SET ${column} = $2, object_key = NULL WHERE id = $1 AND object_key = $3 RETURNING id`,
            [row.id, sealValue({ table, column, rowId: row.id, value: bytes }), objectKey],
          );
          // Deleted whether the row took it or was erased meanwhile: either way nothing points at it any more.
          await bucket.delete([objectKey]);
        }
        moved[table] += 1;
        budget -= 1;
      }
      onMoved?.(table, moved[table]);
    }
  }
  let remaining = 0;
  for (const fileTable of FILE_TABLES) remaining += await countToMove(db, fileTable, to);
  return { moved, remaining };
}
