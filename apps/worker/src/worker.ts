import { CHECK_RUN_QUEUE, createJobQueue, JOB_QUEUES, type Database, type ReportRenderer } from '@svc/db';
import { isProviderTemporaryError } from '@svc/domain';
import type { JobResult, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { runCheckRunJob, type CheckRunContext } from './check-run-job.js';

/** A started pg-boss on the database, as `createJobQueue` returns it. */
export type JobQueue = PgBoss;

export type WorkerOptions = {
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  /** The clock (injectable for tests). */
  now?: () => Date;
  /** Simulated provider latency per check, in milliseconds (`SVC_SIMULATOR_DELAY_MS`). Default 0. */
  simulatorDelayMs?: number;
  /** Checks this process runs at the same time (jobs fetched per batch). Default 4. */
  concurrency?: number;
  /** How often an idle worker polls for jobs, in seconds (>= 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Overrides the report hook of `finaliseApplicantIfDone` (tests; the report issue). */
  renderReport?: ReportRenderer;
};

export type Worker = {
  /** Stops taking jobs and waits for the running ones to finish. Does not stop `jobs`. */
  stop(): Promise<void>;
};

/** Registers the `check.run` handler on `jobs`: from now on this process runs checks. */
export async function createWorker({
  db,
  jobs,
  logger,
  now = () => new Date(),
  simulatorDelayMs = 0,
  concurrency = 4,
  pollingIntervalSeconds = 2,
  renderReport,
}: WorkerOptions): Promise<Worker> {
  const context: CheckRunContext = { db, logger, now, simulatorDelayMs, renderReport };
  // One poller fetching up to `concurrency` jobs at a time, run side by side and settled one by one
  // (`perJobResults`: a failed job is retried alone). While fetches come back full it fetches again at once
  // (`burstWhenBatchFull`), so a backlog runs without waiting for the polling interval between jobs.
  const workerId = await jobs.work(
    CHECK_RUN_QUEUE,
    { batchSize: concurrency, localConcurrency: 1, burstWhenBatchFull: true, pollingIntervalSeconds, includeMetadata: true, perJobResults: true },
    (batch) =>
      Promise.all(
        batch.map(async (job): Promise<JobResult> => {
          try {
            await runCheckRunJob(context, job);
            return { id: job.id, status: 'completed' };
          } catch (error) {
            // pg-boss retries it with back-off (runCheckRunJob has logged it). The output is stored on the job: no
            // personal data, so only a provider's message (which names the check) is kept.
            return { id: job.id, status: 'failed', output: { error: isProviderTemporaryError(error) ? error.message : 'internal error: see the worker log' } };
          }
        }),
      ),
  );
  logger.info({ queue: CHECK_RUN_QUEUE, concurrency, simulator_delay_ms: simulatorDelayMs }, 'worker started');
  let stopping: Promise<void> | null = null;
  return {
    stop: () => {
      stopping ??= jobs.offWork(CHECK_RUN_QUEUE, { id: workerId, wait: true }).then(() => logger.info({ queue: CHECK_RUN_QUEUE }, 'worker stopped'));
      return stopping;
    },
  };
}

/** The `check.run` queue's policy for jobs enqueued from now on (pg-boss queue options; the send options win). */
export type CheckRunQueuePolicy = {
  /** How long a run may take before it is presumed lost with its worker and delivered again, in seconds. */
  expireInSeconds: number;
  /** Caps the back-off between retries, in seconds (tests: 0 retries at once). Null: no cap. */
  retryDelayMaxSeconds?: number | null;
};

/**
 * Sets the `check.run` queue's policy. Every process should use the same values (they are stored with the queue);
 * `enqueueCheckRuns` sets the retry limit and back-off on each job (CHECK_RUN_SEND_OPTIONS), so only the expiry and
 * the back-off cap come from here.
 */
export async function configureCheckRunQueue(jobs: JobQueue, { expireInSeconds, retryDelayMaxSeconds = null }: CheckRunQueuePolicy): Promise<void> {
  await jobs.createQueue(CHECK_RUN_QUEUE);
  await jobs.updateQueue(CHECK_RUN_QUEUE, { expireInSeconds, retryBackoff: true, retryDelayMax: retryDelayMaxSeconds });
}

export type WorkerSettings = {
  simulatorDelayMs: number;
  concurrency: number;
  pollingIntervalSeconds: number;
  /** `check.run` jobs expire (and run again elsewhere) after this many seconds. */
  checkRunExpireSeconds: number;
  /** How often a job queue this function opens looks for expired jobs, in seconds. */
  superviseIntervalSeconds: number;
  /** How long `stop()` lets running checks finish, in seconds. */
  stopGraceSeconds: number;
};

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  simulatorDelayMs: 300,
  concurrency: 4,
  pollingIntervalSeconds: 2,
  checkRunExpireSeconds: 300,
  superviseIntervalSeconds: 60,
  stopGraceSeconds: 20,
};

export type RunningWorker = {
  jobs: JobQueue;
  /**
   * Stops taking jobs and lets the running ones finish (at most `stopGraceSeconds`). A job queue this function
   * opened is stopped too; a `jobs` passed in is left running (its owner stops it, `db.close()` does).
   */
  stop(): Promise<void>;
};

/**
 * The worker of a process, on an open, migrated database: `npm start` runs it inside the API process (pass the
 * API's `jobs`, so the process holds one pg-boss), `node dist/main.js` on its own. Without `jobs`, opens a job queue
 * on `db`.
 */
export async function startWorker({
  db,
  logger,
  jobs: givenJobs,
  settings: givenSettings = {},
  now,
}: {
  db: Database;
  logger: Logger;
  jobs?: JobQueue;
  settings?: Partial<WorkerSettings>;
  now?: () => Date;
}): Promise<RunningWorker> {
  const settings: WorkerSettings = { ...DEFAULT_WORKER_SETTINGS, ...givenSettings };
  const jobs =
    givenJobs ??
    (await createJobQueue(db, {
      queues: JOB_QUEUES,
      superviseIntervalSeconds: settings.superviseIntervalSeconds,
      monitorIntervalSeconds: settings.superviseIntervalSeconds,
      onError: (error) => logger.error({ err: error }, 'job queue error'),
    }));
  await configureCheckRunQueue(jobs, { expireInSeconds: settings.checkRunExpireSeconds });
  const worker = await createWorker({
    db,
    jobs,
    logger,
    ...(now ? { now } : {}),
    simulatorDelayMs: settings.simulatorDelayMs,
    concurrency: settings.concurrency,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
  });
  let stopping: Promise<void> | null = null;
  return {
    jobs,
    stop: () => {
      stopping ??= (async () => {
        const grace = new Promise<void>((resolve) => setTimeout(resolve, settings.stopGraceSeconds * 1000).unref());
        await Promise.race([worker.stop(), grace]);
        if (!givenJobs) await jobs.stop({ graceful: true, timeout: Math.max(1, settings.stopGraceSeconds) * 1000 });
      })();
      return stopping;
    },
  };
}
