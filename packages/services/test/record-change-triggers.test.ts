import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_IDS,
  LATEST_ADVERSE_ACTION,
  LISTING_RECORDS,
  RECORD_JOINS,
  RECORD_SELECT,
} from '../src/applications/sql.js';
import { runMigrations, type Database } from '@svc/db';
import { databaseTargets } from './support/databases.js';

/** Every table the record and list statements read, taken from their own SQL: a new join is checked without a list to keep. */
function tablesRead(...statements: string[]): string[] {
  const names = statements.flatMap((statement) =>
    [...statement.matchAll(/\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/gi)].map((match) => match[1] as string),
  );
  return [...new Set(names)].sort();
}

describe.each(databaseTargets())('record change triggers on $name', (target) => {
  let db: Database;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
  });
  afterAll(() => target.dispose());

  it('every table a record or a list page shows tells the read caches of its inserts, updates, deletes and truncates', async () => {
    // The statements join `applicants a` (FROM applicants a, or FROM page JOIN applicants a); RECORD_JOINS and the
    // select lists name the rest; a list page adds the latest adverse action, a PM one the listings applied for
    // (LISTING_RECORDS, with their applicants).
    const tables = tablesRead(
      'FROM applicants a',
      RECORD_JOINS,
      RECORD_SELECT,
      GROUP_IDS,
      LATEST_ADVERSE_ACTION,
      LISTING_RECORDS,
    );
    expect(tables).toEqual(
      expect.arrayContaining([
        'applicants',
        'applications',
        'check_executions',
        'teams',
        'users',
        'listings',
        'properties',
        'listing_notification_users',
        'adverse_actions',
      ]),
    );
    const rows = await db.dataSource.query<Array<{ table: string; event: string; function: string }>>(
      `SELECT c.relname AS "table", e.event, p.proname AS "function"
         FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_proc p ON p.oid = t.tgfoid
         CROSS JOIN LATERAL (VALUES (4, 'INSERT'), (8, 'DELETE'), (16, 'UPDATE'), (32, 'TRUNCATE')) AS e(bit, event)
        WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND t.tgtype & e.bit <> 0 AND c.relname = ANY($1)`,
      [tables],
    );
    const told = (table: string, event: string, fn: string) =>
      rows.some((row) => row.table === table && row.event === event && row.function === fn);
    const missing = tables.flatMap((table) => [
      ...['INSERT', 'UPDATE', 'DELETE']
        .filter((event) => !told(table, event, 'svc_record_partner_changes'))
        .map((event) => `${table} ${event}`),
      ...(told(table, 'TRUNCATE', 'svc_record_all_partners_changed') ? [] : [`${table} TRUNCATE`]),
    ]);
    expect(missing).toEqual([]);
  });
});
