import type { PgBoss } from 'pg-boss';
import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseInternals } from '../src/data-source.js';
import { createJobQueue, runMigrations, type Database } from '../src/index.js';
import { databaseTargets, isStillPendingAfter, waitFor } from './support/databases.js';
import { createPartner, unique } from './support/factories.js';
import { enqueueInTransaction } from '../src/jobs.js';
import { Partner } from '../src/entities/index.js';
import { PgliteAcquireTimeoutError, PgliteNestedConnectionError } from '../src/pglite/gateway.js';

class Rollback extends Error {}

describe.each(databaseTargets())('one database for TypeORM and pg-boss on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
    jobs = await createJobQueue(db, { supervise: false, schedule: false });
  });
  afterAll(() => target.dispose());

  it('keep 50 concurrent transactions apart while pg-boss sends and a worker runs', async () => {
    const queue = unique('queue');
    await jobs.createQueue(queue);

    const deliveries = new Map<string, number>();
    const workerSaw: string[] = [];
    await jobs.work<{ name?: string }>(queue, { pollingIntervalSeconds: 0.5, batchSize: 25 }, async (batch) => {
      for (const job of batch) {
        deliveries.set(job.id, (deliveries.get(job.id) ?? 0) + 1);
        if (job.data.name) {
          // The worker reads through TypeORM too, while transactions are still running.
          const partner = await db.dataSource.manager.findOneBy(Partner, { name: job.data.name });
          if (partner) workerSaw.push(partner.name);
        }
      }
    });

    const gateway = databaseInternals(db).gateway;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      mostWaiting = Math.max(mostWaiting, gateway?.waitingCount ?? 0);
    }, 1);

    const transactions = Array.from({ length: 50 }, async (_, index) => {
      const name = unique(`tx${index}`);
      const commit = index % 3 !== 0;
      try {
        const jobId = await db.transaction(async (manager) => {
          const partner = await createPartner(manager, name);
          await new Promise((resolve) => setImmediate(resolve));
          await manager.update(Partner, { id: partner.id }, { apiVersion: '1.0.0' });
          const id = await enqueueInTransaction({ jobs, transaction: manager, queue, data: { name } });
          if (!commit) throw new Rollback();
          return id;
        });
        return { name, commit, jobId };
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
        return { name, commit, jobId: null };
      }
    });
    const plainSends = Array.from({ length: 20 }, (_, index) => jobs.send(queue, { plain: index }));
    const [outcomes, plainJobIds] = await Promise.all([Promise.all(transactions), Promise.all(plainSends)]);
    clearInterval(sampler);

    const committed = outcomes.filter((outcome) => outcome.commit);
    const rolledBack = outcomes.filter((outcome) => !outcome.commit);
    const rows = await db.dataSource.manager.findBy(Partner, { name: In(outcomes.map((outcome) => outcome.name)) });
    expect(rows.map((row) => row.name).sort()).toEqual(committed.map((outcome) => outcome.name).sort());
    expect(rows.every((row) => row.apiVersion === '1.0.0')).toBe(true);
    expect(rolledBack.length).toBeGreaterThan(10);

    const expectedJobIds = [...committed.map((outcome) => outcome.jobId), ...plainJobIds];
    expect(expectedJobIds.every((id) => typeof id === 'string')).toBe(true);
    await waitFor(() => expectedJobIds.every((id) => deliveries.has(id!)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await jobs.offWork(queue);

    expect([...deliveries.keys()].sort()).toEqual([...(expectedJobIds as string[])].sort());
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    expect(workerSaw.sort()).toEqual(committed.map((outcome) => outcome.name).sort());
    if (db.kind === 'pglite') expect(mostWaiting).toBeGreaterThan(1);
  });

  it('make other callers wait for an open transaction, then let them through', async () => {
    const queue = unique('queue');
    await jobs.createQueue(queue);
    const queryRunner = db.dataSource.createQueryRunner();
    await queryRunner.connect();
    await queryRunner.startTransaction();
    const partner = await createPartner(queryRunner.manager, unique('waiting'));

    const reader = db.dataSource.manager.findOneBy(Partner, { id: partner.id });
    const sender = jobs.send(queue, { waited: true });
    if (db.kind === 'pglite') {
      // One session: both wait for the transaction instead of running inside it.
      expect(await isStillPendingAfter(reader, 200)).toBe(true);
      expect(await isStillPendingAfter(sender, 0)).toBe(true);
    } else {
      expect(await reader).toBeNull();
    }

    await queryRunner.commitTransaction();
    await queryRunner.release();
    if (db.kind === 'pglite') expect((await reader)?.id).toBe(partner.id);
    expect(await sender).toEqual(expect.any(String));
  });

  it('fail fast, instead of waiting forever, when a transaction asks for a second connection', async () => {
    const queue = unique('queue');
    await jobs.createQueue(queue);
    const secondConnection = () =>
      db.transaction(async (manager) => {
        await createPartner(manager);
        return db.dataSource.query('SELECT 1 AS one');
      });
    const sendOutsideTheTransaction = () => db.transaction(async () => jobs.send(queue, {}));
    if (db.kind === 'pglite') {
      await expect(secondConnection()).rejects.toBeInstanceOf(PgliteNestedConnectionError);
      await expect(sendOutsideTheTransaction()).rejects.toBeInstanceOf(PgliteNestedConnectionError);
    } else {
      await expect(secondConnection()).resolves.toEqual([{ one: 1 }]);
      await expect(sendOutsideTheTransaction()).resolves.toEqual(expect.any(String));
    }
  });

  // PGlite's connection gateway (PostgreSQL has none): declared on PGlite alone, so no run reports it skipped.
  if (target.name === 'pglite')
    it('roll back a transaction whose connection was released unfinished', async () => {
      const name = unique('abandoned');
      const queryRunner = db.dataSource.createQueryRunner();
      await queryRunner.connect();
      await queryRunner.startTransaction();
      await createPartner(queryRunner.manager, name);
      await queryRunner.release();

      expect(await db.dataSource.manager.countBy(Partner, { name })).toBe(0);
      expect(databaseInternals(db).gateway?.pglite.isInTransaction()).toBe(false);
    });

  // PGlite's connection gateway (PostgreSQL has none): declared on PGlite alone, so no run reports it skipped.
  if (target.name === 'pglite')
    it('time out a caller that waits too long, and keep serving the others', async () => {
      const gateway = databaseInternals(db).gateway!;
      const holder = await gateway.acquire();
      const impatient = gateway.acquire({ timeoutMs: 50 });
      const patient = db.dataSource.query('SELECT 2 AS two');
      await expect(impatient).rejects.toBeInstanceOf(PgliteAcquireTimeoutError);
      await gateway.release(holder);
      await expect(patient).resolves.toEqual([{ two: 2 }]);
      expect(gateway.isHeld).toBe(false);
    });
});
