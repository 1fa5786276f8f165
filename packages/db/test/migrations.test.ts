import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingMigrations, revertAllMigrations, runMigrations, type Database } from '../src/index.js';
import { databaseTargets } from './support/databases.js';

const ACCOUNT_TABLES = ['api_keys', 'partners', 'superteams', 'teams', 'users'];

async function publicTables(db: Database): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await db.dataSource.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
      ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe.each(databaseTargets())('migrations on $name', (target) => {
  let db: Database;

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.dispose());

  it('go up, down and up again', async () => {
    expect(await publicTables(db)).toEqual([]);
    expect(await pendingMigrations(db)).toEqual(['CreateAccounts1795318185500']);

    expect(await runMigrations(db)).toEqual(['CreateAccounts1795318185500']);
    expect(await publicTables(db)).toEqual(ACCOUNT_TABLES);
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await runMigrations(db)).toEqual([]);

    expect(await revertAllMigrations(db)).toEqual(['CreateAccounts1795318185500']);
    expect(await publicTables(db)).toEqual([]);
    expect(await revertAllMigrations(db)).toEqual([]);

    expect(await runMigrations(db)).toEqual(['CreateAccounts1795318185500']);
    expect(await publicTables(db)).toEqual(ACCOUNT_TABLES);
  });

  it('index every foreign key by its leading column', async () => {
    const unindexed: Array<{ constraint: string }> = await db.dataSource.query(`
      SELECT c.conname AS constraint
        FROM pg_constraint c
        JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
       WHERE c.contype = 'f'
         AND NOT EXISTS (
           SELECT 1 FROM pg_index i
            WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])`);
    expect(unindexed).toEqual([]);
  });

  it('let two runs race without applying anything twice', async () => {
    await revertAllMigrations(db);
    const [first, second] = await Promise.all([runMigrations(db), runMigrations(db)]);
    expect([...first, ...second]).toEqual(['CreateAccounts1795318185500']);
  });
});
