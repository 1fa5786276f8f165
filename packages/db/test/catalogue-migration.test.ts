import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations, runMigrations, type Database } from '../src/index.js';
import { databaseTargets } from './support/databases.js';

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
  let applied: string[];

  beforeAll(async () => {
    db = await target.open();
    applied = await runMigrations(db);
  });
  afterAll(() => target.dispose());

  it('comes after the accounts migration', () => {
    const names = migrations.map((migration) => new migration().name);
    expect(names.indexOf('CreateAccounts1795318185500')).toBeLessThan(
      names.indexOf('CreateCatalogueAndProperties1795318185700'),
    );
  });

  // Going down and up again, and every foreign key's index, are proved for every migration by migrations.test.ts.
  it('creates the catalogue tables and the constraints they reference', async () => {
    expect(applied).toContain('CreateCatalogueAndProperties1795318185700');
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
});
