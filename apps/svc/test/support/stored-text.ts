import { expect } from 'vitest';
import { type Database } from '@svc/db';
import { readPdf } from './pdf.js';
import { openValue, SEALED_COLUMNS } from '@svc/db/crypto';

/** Where a value of a sealed column is bound to: its row's id (an idempotency record: its key and API key). */
const sealedRowIdOf = (table: string, row: Record<string, unknown>): string =>
  table === 'idempotency_records' ? `${String(row.api_key_id)}/${String(row.idempotency_key)}` : String(row.id);

/** The text of one stored value: JSON as text, bytes as Latin-1, a PDF as the text poppler reads from it. */
async function textOf(value: unknown): Promise<string> {
  if (value === null || value === undefined) return '';
  if (value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? (await readPdf(bytes)).text : bytes.toString('latin1');
  }
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Every value of every table of the database (every schema but the system's: svc's and the job queue's), each
 * sealed one decrypted as well (as a reader holding the key would see it), with where it was found.
 */
async function everyStoredText(db: Database): Promise<Array<{ where: string; text: string }>> {
  const tables = (await db.dataSource.query(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  )) as Array<{ table_schema: string; table_name: string }>;
  expect(tables.length).toBeGreaterThan(25);
  const found: Array<{ where: string; text: string }> = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const rows = (await db.dataSource.query(`SELECT * FROM "${schema}"."${table}"`)) as Array<Record<string, unknown>>;
    const sealed = schema === 'public' ? (SEALED_COLUMNS[table] ?? {}) : {};
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const where = `${schema}.${table}.${column}`;
        found.push({ where, text: await textOf(value) });
        if (sealed[column] === undefined || value === null) continue;
        const opened = openValue({ table, column, rowId: sealedRowIdOf(table, row), stored: value });
        found.push({ where: `${where} (decrypted)`, text: await textOf(opened) });
      }
    }
  }
  return found;
}

/** Where in the database each value is found (case-insensitive). */
export async function placesOf(db: Database, values: readonly string[]): Promise<Record<string, string[]>> {
  const texts = await everyStoredText(db);
  return Object.fromEntries(
    values.map((value) => [
      value,
      [...new Set(texts.filter(({ text }) => text.toLowerCase().includes(value.toLowerCase())).map((t) => t.where))],
    ]),
  );
}
