import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, databaseReadiness, jobQueueBacklog, runMigrations, type Database } from '@svc/db';
import { CHECK_RUN_QUEUE, JOB_QUEUES, MESSAGE_SEND_QUEUE } from '@svc/services';
import { databaseTargets } from './support/databases.js';

const QUEUE_NAMES = JOB_QUEUES.map((queue) => queue.name);

describe.each(databaseTargets())('what an operator reads on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;
  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
    jobs = await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false });
  });
  afterAll(() => target.dispose());

  it('is ready once migrated', async () => {
    expect(await databaseReadiness(db)).toEqual({ ready: true });
  });

  it('counts each queue’s jobs due now, due later and running, and how long the oldest due one has waited', async () => {
    const before = await jobQueueBacklog(db, QUEUE_NAMES);
    expect(before.map((row) => row.queue)).toEqual(JOB_QUEUES.map((queue) => queue.name));
    await jobs.send(CHECK_RUN_QUEUE, { checkExecutionId: crypto.randomUUID() });
    await jobs.send(CHECK_RUN_QUEUE, { checkExecutionId: crypto.randomUUID() });
    await jobs.send(CHECK_RUN_QUEUE, { checkExecutionId: crypto.randomUUID() }, { startAfter: 3600 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const [fetched] = await jobs.fetch(CHECK_RUN_QUEUE, { batchSize: 1 });
    expect(fetched).toBeDefined();
    const checkRuns = (await jobQueueBacklog(db, QUEUE_NAMES)).find((row) => row.queue === CHECK_RUN_QUEUE);
    expect(checkRuns).toMatchObject({ ready: 1, deferred: 1, active: 1 });
    expect(checkRuns!.oldestReadySeconds).toBeGreaterThanOrEqual(1);
    const messages = (await jobQueueBacklog(db, QUEUE_NAMES)).find((row) => row.queue === MESSAGE_SEND_QUEUE);
    expect(messages).toEqual({ queue: MESSAGE_SEND_QUEUE, ready: 0, deferred: 0, active: 0, oldestReadySeconds: 0 });
  });
});
