import { randomBytes } from 'node:crypto';
import { createJobQueue, runMigrations, type Database } from '@svc/db';
import { configureQueues, JOB_QUEUES, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, waitFor, type DatabaseTarget } from '@svc/db/testing';
import type { PgBoss } from 'pg-boss';
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, DEFAULT_WORKER_SETTINGS, queueSettingsOf, type Worker } from '../src/index.js';
import { informationFor, installStatusAudit, newAccount, statusChangeCounts } from './support/factories.js';
import { executionRows, orderMany, returnedCount } from './support/fleet.js';
import { countingReportRenderer } from './support/report-renderer.js';
import { useEncryptionKey } from '@svc/db/crypto';

const FLAGS = ['request_softcheck', 'request_bureau'] as const;

/** A logger that keeps its lines, to count what a worker did and to check that no personal data is logged. */
function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }), lines };
}

const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

// Scale-out (DESIGN.md section 3): any number of worker processes on one PostgreSQL. That any of them may die is
// proved by reliability/worker-crash.test.ts (five SIGKILLs of a worker process).
describe.runIf(postgresTarget)('worker processes on PostgreSQL', () => {
  const target = postgresTarget as DatabaseTarget;
  const key = randomBytes(32);
  let db: Database;
  let jobs: PgBoss;
  let account: BootstrappedAccount;

  beforeAll(async () => {
    useEncryptionKey(key);
    db = await target.open();
    await runMigrations(db);
    await installStatusAudit(db);
    jobs = await createJobQueue(db, { queues: JOB_QUEUES });
    account = await newAccount(db);
  });
  afterAll(async () => {
    await target.dispose();
  });

  it('runs every check exactly once with two worker instances and a hundred applications', async () => {
    await configureQueues(jobs, { ...queueSettingsOf(DEFAULT_WORKER_SETTINGS), checkRunExpireSeconds: 60 });
    const applicantIds = await orderMany({ db, jobs, account, count: 100, flags: FLAGS });
    // Two workers as two processes would run them: each its own Database (pool) and job queue.
    const instances: Array<{
      db: Database;
      jobs: PgBoss;
      worker: Worker;
      reports: ReturnType<typeof countingReportRenderer>;
      lines: string[];
    }> = [];
    for (let index = 0; index < 2; index += 1) {
      const instanceDb = await target.open();
      const instanceJobs = await createJobQueue(instanceDb, { queues: JOB_QUEUES });
      const { logger, lines } = recordingLogger();
      const instance = {
        db: instanceDb,
        jobs: instanceJobs,
        worker: undefined as unknown as Worker,
        reports: countingReportRenderer(),
        lines,
      };
      instance.worker = await createWorker({
        db: instanceDb,
        simulatorDelayMs: 0,
        jobs: instanceJobs,
        logger,
        concurrency: 4,
        pollingIntervalSeconds: 0.5,
        renderReport: instance.reports.renderReport,
      });
      instances.push(instance);
    }
    try {
      await waitFor(async () => (await returnedCount(db, applicantIds)) === applicantIds.length, 600_000);
    } finally {
      for (const instance of instances) {
        await instance.worker.stop();
        await instance.db.close();
      }
    }

    const executions = await executionRows(db, applicantIds);
    expect(executions).toHaveLength(applicantIds.length * FLAGS.length);
    for (const execution of executions) expect(execution).toMatchObject({ status: 'COMPLETE', attempts: 1 });
    const starts = await statusChangeCounts(db, { table: 'check_executions', newStatus: 'RUNNING' });
    const completions = await statusChangeCounts(db, { table: 'check_executions', newStatus: 'COMPLETE' });
    for (const execution of executions) {
      expect(starts.get(execution.id)).toBe(1);
      expect(completions.get(execution.id)).toBe(1);
    }
    const returns = await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' });
    for (const applicantId of applicantIds) expect(returns.get(applicantId)).toBe(1);
    expect(instances.reduce((sum, instance) => sum + instance.reports.renders(), 0)).toBe(applicantIds.length);
    const [{ reports }] = (await db.dataSource.query(
      `SELECT count(*)::int AS reports FROM reports WHERE applicant_id = ANY($1)`,
      [applicantIds],
    )) as [{ reports: number }];
    expect(reports).toBe(applicantIds.length);

    const started = instances.map(
      (instance) => instance.lines.filter((line) => line.includes('"check started"')).length,
    );
    expect(started[0]! + started[1]!).toBe(executions.length);
    for (const count of started) expect(count).toBeGreaterThan(0);
    // Every line of a job carries its job id; none carries personal data.
    const personal = informationFor();
    for (const line of instances.flatMap((instance) => instance.lines)) {
      if (line.includes('"check started"')) expect(line).toMatch(/"job_id":"[0-9a-f-]{36}"/);
      for (const value of [personal.sin_ssn, personal.date_of_birth, 'Lovelace', 'King St'])
        expect(line).not.toContain(String(value));
    }
  });
});
