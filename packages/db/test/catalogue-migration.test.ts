import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations, runMigrations, type Database } from '../src/index.js';
import { databaseTargets } from './support/databases.js';
import { revertAllMigrations } from '../src/migrate.js';

const CATALOGUE_TABLES = ['listing_notification_users', 'listings', 'packages', 'properties', 'reference_templates'];
const ADDED_CONSTRAINTS = ['teams_id_superteam_id_partner_id_key', 'users_id_partner_id_key'];

async function catalogueTables(db: Database): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await db.dataSource.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name = ANY($1) ORDER BY table_name`,
    [CATALOGUE_TABLES],
  );
  return rows.map((row) => row.table_name);
}

async function addedConstraints(db: Database): Promise<string[]> {
  const rows: Array<{ conname: string }> = await db.dataSource.query(
    `SELECT conname FROM pg_constraint WHERE conname = ANY($1) ORDER BY conname`,
    [ADDED_CONSTRAINTS],
  );
  return rows.map((row) => row.conname);
}

describe.each(databaseTargets({ empty: true }))('catalogue and properties migration on $name', (target) => {
  let db: Database;

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.dispose());

  it('comes after the accounts migration', () => {
    const names = migrations.map((migration) => new migration().name);
    expect(names.indexOf('CreateAccounts1795318185500')).toBeLessThan(
      names.indexOf('CreateCatalogueAndProperties1795318185700'),
    );
  });

  it('goes up, down and up again', async () => {
    expect(await runMigrations(db)).toContain('CreateCatalogueAndProperties1795318185700');
    expect(await catalogueTables(db)).toEqual(CATALOGUE_TABLES);
    expect(await addedConstraints(db)).toEqual(ADDED_CONSTRAINTS);

    expect(await revertAllMigrations(db)).toContain('CreateCatalogueAndProperties1795318185700');
    expect(await catalogueTables(db)).toEqual([]);
    expect(await addedConstraints(db)).toEqual([]);

    expect(await runMigrations(db)).toContain('CreateCatalogueAndProperties1795318185700');
    expect(await catalogueTables(db)).toEqual(CATALOGUE_TABLES);
    expect(await addedConstraints(db)).toEqual(ADDED_CONSTRAINTS);
  });

  it('indexes the chronological lists of a partner and of a team', async () => {
    const rows: Array<{ indexname: string; indexdef: string }> = await db.dataSource.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) AND indexname LIKE '%_created_idx'`,
      [['packages', 'properties', 'listings']],
    );
    const definitions = rows.map((row) => row.indexdef.replace(/^.* USING btree /, ''));
    for (const table of ['packages', 'properties', 'listings']) {
      expect(rows.map((row) => row.indexname)).toEqual(
        expect.arrayContaining([
          `${table}_partner_id_environment_created_idx`,
          `${table}_team_id_environment_created_idx`,
        ]),
      );
    }
    expect(definitions).toContain('(partner_id, environment, created, id)');
    expect(definitions).toContain('(team_id, environment, created, id)');
  });

  it('indexes every foreign key by its leading column', async () => {
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
});
