import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, followPartnerChanges, runMigrations, type Database } from '../src/index.js';
import { databaseTargets, waitFor } from './support/databases.js';
import { createPartner, createSuperteam, createTeam } from './support/factories.js';

describe.each(databaseTargets())('partner changes on $name', (target) => {
  let db: Database;
  const changed: Array<string | null> = [];
  let reads = 0;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
    followPartnerChanges(db, {
      onChange: (partnerId) => changed.push(partnerId),
      onCaughtUp: () => (reads += 1),
      onLost: () => undefined,
    });
    await waitFor(() => reads > 0);
  });
  afterAll(() => target.dispose());

  const heard = (partnerId: string | null) => waitFor(() => changed.includes(partnerId));

  it("tells a committed change of a record table's rows by their partner, and nothing of a rolled-back one", async () => {
    const partner = await createPartner(db.dataSource.manager);
    const team = await createTeam(db.dataSource.manager, await createSuperteam(db.dataSource.manager, partner));
    await heard(partner.id);
    changed.length = 0;
    await db
      .transaction(async (manager) => {
        await manager.query(`UPDATE teams SET name = name || ' (renamed)' WHERE id = $1`, [team.id]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.dataSource.query(`UPDATE teams SET modified = now() WHERE id = $1`, [team.id]);
    await heard(partner.id);
    // The rolled-back update wrote no row: one change only.
    expect(changed).toEqual([partner.id]);
  });

  it('a TRUNCATE changes every partner', async () => {
    await db.dataSource.query(`TRUNCATE listing_notification_users`);
    await heard(null);
  });

  // Transactions committing concurrently need PostgreSQL (PGlite runs one at a time): declared there alone.
  if (target.name === 'postgres')
    it('misses no change committed after a later one was read (a lower position, in progress then)', async () => {
      const url = (db as unknown as { dataSource: { options: { url: string } } }).dataSource.options.url;
      const other = await createDatabase({ url, poolSize: 1 });
      try {
        const runner = other.dataSource.createQueryRunner();
        await runner.connect();
        await runner.startTransaction();
        // Takes its position first, commits last.
        await runner.query(`INSERT INTO record_changes (partner_id) VALUES ('00000000-0000-7000-8000-00000000000a')`);
        await db.dataSource.query(
          `INSERT INTO record_changes (partner_id) VALUES ('00000000-0000-7000-8000-00000000000b')`,
        );
        await heard('00000000-0000-7000-8000-00000000000b');
        await new Promise((resolve) => setTimeout(resolve, 100));
        await runner.commitTransaction();
        await runner.release();
        await heard('00000000-0000-7000-8000-00000000000a');
      } finally {
        await other.close();
      }
    });

  // Transactions committing concurrently need PostgreSQL (PGlite runs one at a time): declared there alone.
  if (target.name === 'postgres')
    it('misses no change of a transaction whose id is above every finished one (past the last xmax)', async () => {
      const url = (db as unknown as { dataSource: { options: { url: string } } }).dataSource.options.url;
      const other = await createDatabase({ url, poolSize: 2 });
      try {
        const [first, second] = [other.dataSource.createQueryRunner(), other.dataSource.createQueryRunner()];
        await first.connect();
        await second.connect();
        await first.startTransaction();
        await first.query('SELECT pg_current_xact_id()');
        // The second transaction has the higher id and the lower position; the first commits first. (Transaction ids
        // are the cluster's: another database's transactions may move the xmax past the second one meanwhile.)
        await second.startTransaction();
        await second.query(`INSERT INTO record_changes (partner_id) VALUES ('00000000-0000-7000-8000-00000000000c')`);
        await first.query(`INSERT INTO record_changes (partner_id) VALUES ('00000000-0000-7000-8000-00000000000d')`);
        await first.commitTransaction();
        await heard('00000000-0000-7000-8000-00000000000d');
        await new Promise((resolve) => setTimeout(resolve, 100));
        await second.commitTransaction();
        await heard('00000000-0000-7000-8000-00000000000c');
        await first.release();
        await second.release();
      } finally {
        await other.close();
      }
    });
});
