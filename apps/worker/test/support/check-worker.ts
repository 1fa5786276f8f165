import { randomBytes } from 'node:crypto';
import { createJobQueue, runMigrations, type Database } from '@svc/db';
import { configureQueues, JOB_QUEUES, type BootstrappedAccount } from '@svc/services';
import type { DatabaseTarget } from '@svc/db/testing';
import type { PgBoss } from 'pg-boss';
import {
  createWorker,
  DEFAULT_WORKER_SETTINGS,
  queueSettingsOf,
  type Worker,
  type WorkerOptions,
} from '../../src/index.js';
import { applicantOf, installStatusAudit, newAccount, testLogger } from './factories.js';
import { useEncryptionKey } from '@svc/db/crypto';

/**
 * A fresh migrated database of `target` (with the status audit), its job queue, an account, and a worker on them that
 * runs four checks at a time and retries at once (CHECK_RUN_SEND_OPTIONS' back-off capped to 0 s, so Flaky and
 * Broken stay fast).
 */
export async function startCheckWorker(
  target: DatabaseTarget,
  options: Pick<WorkerOptions, 'renderReport' | 'renderConcurrency'>,
): Promise<{ db: Database; jobs: PgBoss; worker: Worker; account: BootstrappedAccount }> {
  useEncryptionKey(randomBytes(32));
  const db = await target.open();
  await runMigrations(db);
  await installStatusAudit(db);
  const jobs = await createJobQueue(db, {
    queues: JOB_QUEUES,
    onError: (error) => testLogger.error({ err: error }, 'job queue error'),
  });
  await configureQueues(jobs, {
    ...queueSettingsOf(DEFAULT_WORKER_SETTINGS),
    checkRunExpireSeconds: 60,
    checkRetryDelayMaxSeconds: 0,
  });
  const worker = await createWorker({
    db,
    simulatorDelayMs: 0,
    jobs,
    logger: testLogger,
    concurrency: 4,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
  return { db, jobs, worker, account: await newAccount(db) };
}

/** Whether the applicant is `Returned` yet (for `waitFor`). */
export const returned = (db: Database, applicantId: string) => async () =>
  (await applicantOf(db, applicantId)).status === 'Returned';
