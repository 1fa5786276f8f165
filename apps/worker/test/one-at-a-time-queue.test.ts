import { randomBytes, randomUUID } from 'node:crypto';
import { createJobQueue, runMigrations, type Database } from '@svc/db';
import { useEncryptionKey } from '@svc/db/crypto';
import { databaseTargets, waitFor } from '@svc/db/testing';
import { JOB_QUEUES, WATCHLIST_RESCREEN_QUEUE } from '@svc/services';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, type Worker } from '../src/index.js';
import { testLogger } from './support/factories.js';
import { countingReportRenderer } from './support/report-renderer.js';

/** Far longer than the jobs take: one job per interval would need two minutes for three. */
const POLLING_INTERVAL_SECONDS = 60;

describe.each(databaseTargets())('a queue that runs one job at a time on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;
  let worker: Worker | undefined;

  beforeAll(async () => {
    useEncryptionKey(randomBytes(32));
    db = await target.open();
    await runMigrations(db);
    jobs = await createJobQueue(db, { queues: JOB_QUEUES });
  });
  afterAll(async () => {
    await worker?.stop();
    await jobs?.stop({ graceful: false });
    await target.dispose();
  });

  it('takes its waiting jobs one after another, not one per polling interval', async () => {
    // Re-screenings run one at a time; of a list version that does not exist, each ends at once.
    const ids = await Promise.all(
      [1, 2, 3].map(() => jobs.send(WATCHLIST_RESCREEN_QUEUE, { versionId: randomUUID() })),
    );
    worker = await createWorker({
      db,
      jobs,
      logger: testLogger,
      simulatorDelayMs: 0,
      renderReport: countingReportRenderer().renderReport,
      pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
      queues: [WATCHLIST_RESCREEN_QUEUE],
    });
    const states = async () =>
      Promise.all(ids.map(async (id) => (await jobs.getJobById(WATCHLIST_RESCREEN_QUEUE, id!))?.state));
    await waitFor(async () => (await states()).every((state) => state === 'completed'));
    expect(await states()).toEqual(['completed', 'completed', 'completed']);
  });
});
