import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, enqueueManyInTransaction, runMigrations, uuidv7, type Database } from '@svc/db';
import { JOB_QUEUES, REPORT_RENDER_QUEUE, REPORT_RENDER_SEND_OPTIONS, requestReportRender } from '@svc/services';
import { databaseTargets, waitFor } from './support/databases.js';
import { createPartner, unique } from '../../db/test/support/factories.js';
import { enqueueInTransaction } from '@svc/db/testing';
import { Partner } from '@svc/db/entities';

class Rollback extends Error {}

describe.each(databaseTargets())('jobs on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
    jobs = await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false, useListenNotify: true });
  });
  afterAll(() => target.dispose());

  it('deliver a job sent in a committed transaction once, and one from a rolled-back transaction never', async () => {
    const queue = unique('queue');
    // Created right before use: pg-boss's queue cache misses on the first send, and looks the
    // queue up outside the caller's transaction (on PGlite that look-up must not wait for it).
    await jobs.createQueue(queue);

    let rolledBackJobId: string | null = null;
    await expect(
      db.transaction(async (manager) => {
        await createPartner(manager, 'never');
        rolledBackJobId = await enqueueInTransaction({ jobs, transaction: manager, queue, data: { n: 1 } });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(rolledBackJobId).toEqual(expect.any(String));

    const committedJobId = await db.transaction(async (manager) => {
      const partner = await createPartner(manager);
      return enqueueInTransaction({ jobs, transaction: manager, queue, data: { partnerId: partner.id } });
    });
    expect(committedJobId).toEqual(expect.any(String));

    const delivered: string[] = [];
    const seenPartners: Array<Partner | null> = [];
    await jobs.work<{ partnerId?: string }>(queue, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (batch) => {
      for (const job of batch) {
        delivered.push(job.id);
        if (job.data.partnerId) {
          seenPartners.push(await db.dataSource.manager.findOneBy(Partner, { id: job.data.partnerId }));
        }
      }
    });
    await waitFor(() => delivered.length > 0);
    // A few more polling rounds: nothing else may arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await jobs.offWork(queue);

    expect(delivered).toEqual([committedJobId]);
    expect(seenPartners).toHaveLength(1);
    expect(seenPartners[0]).not.toBeNull();
    expect(await jobs.getJobById(queue, rolledBackJobId!)).toBeNull();
    expect((await jobs.getJobById(queue, committedJobId!))?.state).toBe('completed');
    expect(await db.dataSource.manager.countBy(Partner, { name: 'never' })).toBe(0);
  });

  it('accept a QueryRunner as the transaction, and refuse to enqueue outside one', async () => {
    const queue = unique('queue');
    await jobs.createQueue(queue);

    const queryRunner = db.dataSource.createQueryRunner();
    let jobId: string | null;
    try {
      await queryRunner.connect();
      await expect(enqueueInTransaction({ jobs, transaction: queryRunner, queue, data: {} })).rejects.toThrow(
        /no open transaction/,
      );
      await queryRunner.startTransaction();
      jobId = await enqueueInTransaction({ jobs, transaction: queryRunner, queue, data: { via: 'query runner' } });
      await queryRunner.commitTransaction();
    } finally {
      // On PGlite a connected QueryRunner holds THE session until release(), committed or not:
      // jobs.fetch() before this line would wait for it (see gateway.test.ts).
      await queryRunner.release();
    }
    const [fetched] = await jobs.fetch<{ via: string }>(queue);
    expect(fetched?.id).toBe(jobId);
    expect(fetched?.data.via).toBe('query runner');
    await jobs.complete(queue, fetched!.id);
  });

  it('write several jobs in the transaction that writes their rows: both or neither', async () => {
    const queue = unique('queue');
    await jobs.createQueue(queue);
    const partner = db.dataSource.manager.create(Partner, { id: uuidv7(), name: unique('partner') });
    await db.transaction(async (manager) => {
      await manager.save(partner);
      await enqueueManyInTransaction({
        jobs,
        transaction: manager,
        queue,
        inserts: [{ data: { partnerId: partner.id } }, { data: { partnerId: partner.id, second: true } }],
      });
    });
    expect(partner.created).toBeInstanceOf(Date);
    const fetched = await jobs.fetch<{ partnerId: string; second?: boolean }>(queue, { batchSize: 10 });
    expect(
      fetched.map((job) => job.data).sort((a, b) => Number(a.second ?? false) - Number(b.second ?? false)),
    ).toEqual([{ partnerId: partner.id }, { partnerId: partner.id, second: true }]);
    for (const job of fetched) await jobs.complete(queue, job.id);

    // The same partner again, its jobs first: its row is refused (primary key), and its jobs go with it.
    await expect(
      db.transaction(async (manager) => {
        await enqueueManyInTransaction({
          jobs,
          transaction: manager,
          queue,
          inserts: [{ data: { partnerId: partner.id, again: true } }],
        });
        await manager.insert(Partner, { id: partner.id, name: unique('partner') });
      }),
    ).rejects.toThrow();
    expect(await jobs.fetch(queue)).toEqual([]);
  });

  it('wake a worker through LISTEN/NOTIFY when the enqueuing transaction commits', async () => {
    const queue = unique('queue');
    await jobs.createQueue(queue, { notify: true });
    const delivered: string[] = [];
    // Polling alone would take 30 s; only the notification can deliver the job in time.
    await jobs.work(queue, { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 30 }, async ([job]) => {
      if (job) delivered.push(job.id);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const startedAt = Date.now();
    const jobId = await db.transaction((manager) =>
      enqueueInTransaction({ jobs, transaction: manager, queue, data: { notified: true } }),
    );
    await waitFor(() => delivered.length > 0);
    expect(delivered).toEqual([jobId]);
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    await jobs.offWork(queue);
  });

  it('queue one report.render job per applicant at a time: asking again while it waits adds nothing', async () => {
    const [applicantId, otherApplicantId] = [uuidv7(), uuidv7()];
    const first = await requestReportRender({ jobs, applicantId });
    expect(first).toEqual(expect.any(String));
    expect(await requestReportRender({ jobs, applicantId })).toBeNull();
    expect(await requestReportRender({ jobs, applicantId: otherApplicantId })).toEqual(expect.any(String));
    expect(await jobs.getJobById(REPORT_RENDER_QUEUE, first!)).toMatchObject({
      data: { applicantId },
      singletonKey: applicantId,
      retryLimit: REPORT_RENDER_SEND_OPTIONS.retryLimit,
      expireInSeconds: REPORT_RENDER_SEND_OPTIONS.expireInSeconds,
    });

    // Once a worker has taken it, a new request queues again (the running job may have looked too early).
    const taken = await jobs.fetch(REPORT_RENDER_QUEUE, { batchSize: 10 });
    expect(taken.map((job) => job.id)).toContain(first);
    const second = await requestReportRender({ jobs, applicantId });
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    await expect(requestReportRender({ jobs, applicantId: 'not-a-uuid' })).rejects.toThrow();
    for (const job of taken) await jobs.complete(REPORT_RENDER_QUEUE, job.id);
  });
});
