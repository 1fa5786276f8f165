import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations, type Database } from '@svc/db';
import { bootstrapPartner } from '@svc/services';
import { databaseTargets } from './support/databases.js';

const MIGRATION = 'TeamDefaultPackages1795728463693';

async function defaultPackages(db: Database, partnerId: string) {
  return (await db.dataSource.query(
    `SELECT p.environment, t.type, p.name, p.request_flags FROM packages p JOIN teams t ON t.id = p.team_id
      WHERE p.partner_id = $1 AND p.is_default ORDER BY t.type, p.environment`,
    [partnerId],
  )) as Array<{ environment: string; type: string; name: string; request_flags: string[] }>;
}

/** The migration of team default packages gives every team that existed before it one per environment. */
describe.each(databaseTargets())('team default packages migration on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.dispose());

  it('goes down (no default package, no column) and up again, creating the defaults of existing teams', async () => {
    const account = await bootstrapPartner(db, { name: 'Before the migration' });
    const Migration = migrations.find((candidate) => new candidate().name === MIGRATION)!;
    const runner = db.dataSource.createQueryRunner();
    try {
      await new Migration().down(runner);
      const [column] = (await runner.query(
        `SELECT count(*)::int AS count FROM information_schema.columns WHERE table_name = 'packages' AND column_name = 'is_default'`,
      )) as Array<{ count: number }>;
      expect(column?.count).toBe(0);
      await new Migration().up(runner);
    } finally {
      await runner.release();
    }
    const created = await defaultPackages(db, account.partner_id);
    expect(created.map(({ environment, type, name }) => [type, environment, name])).toEqual([
      ['HR', 'demo', 'Standard employment'],
      ['HR', 'live', 'Standard employment'],
      ['PM', 'demo', 'Tenant standard'],
      ['PM', 'live', 'Tenant standard'],
    ]);
    expect(created[3]?.request_flags).toEqual([
      'request_identity_verification',
      'request_bureau',
      'request_softcheck',
      'request_address_references',
      'request_employment_verification',
    ]);
    // One default per team and environment.
    await expect(
      db.dataSource.query(
        `INSERT INTO packages (id, partner_id, environment, superteam_id, team_id, name, is_default)
         SELECT gen_random_uuid(), partner_id, environment, superteam_id, team_id, 'Second', true FROM packages
          WHERE partner_id = $1 AND is_default LIMIT 1`,
        [account.partner_id],
      ),
    ).rejects.toThrow();
  });
});
