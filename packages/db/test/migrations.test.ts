import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations, pendingMigrations, runMigrations, type Database } from '../src/index.js';
import { databaseTargets } from './support/databases.js';
import { revertAllMigrations } from '../src/migrate.js';

const ACCOUNT_TABLES = ['api_keys', 'partners', 'superteams', 'teams', 'users'];
/** Every migration's name, oldest first (each migration's own tables are checked by its own test). */
const ALL_MIGRATIONS = migrations.map((migration) => new migration().name);
const ALL_TABLES = expect.arrayContaining(ACCOUNT_TABLES) as unknown as string[];

async function publicTables(db: Database): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await db.dataSource.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
      ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe.each(databaseTargets({ empty: true }))('migrations on $name', (target) => {
  let db: Database;

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.dispose());

  it('go up, down and up again', async () => {
    expect(await publicTables(db)).toEqual([]);
    expect(await pendingMigrations(db)).toEqual(ALL_MIGRATIONS);

    expect(await runMigrations(db)).toEqual(ALL_MIGRATIONS);
    expect(await publicTables(db)).toEqual(ALL_TABLES);
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await runMigrations(db)).toEqual([]);

    expect(await revertAllMigrations(db)).toEqual([...ALL_MIGRATIONS].reverse());
    expect(await publicTables(db)).toEqual([]);
    expect(await revertAllMigrations(db)).toEqual([]);

    expect(await runMigrations(db)).toEqual(ALL_MIGRATIONS);
    expect(await publicTables(db)).toEqual(ALL_TABLES);
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
    expect([...first, ...second]).toEqual(ALL_MIGRATIONS);
  });
});
