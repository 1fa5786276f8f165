import type { Logger } from '@svc/config';
import type { UpdateQueueOptions } from 'pg-boss';
import type { Database, JobQueue, QueueDefinition } from '@svc/db';

/** A pg-boss job as every handler reads it (`includeMetadata` gives `retryLimit`). */
export type QueuedJob = { id: string; data: unknown; retryCount: number; retryLimit?: number | undefined };

/**
 * What a worker process may be given to do (`svc worker --roles …`), so that PDF rendering, provider calls, messages
 * and webhooks scale apart: each queue belongs to one role (its definition's `role`).
 * - `checks`: running checks and asking providers about pending ones (mostly waiting on the network), and the
 *   periodic retention job, and watch lists (the scheduled download, re-screening against a new version);
 * - `reports`: everything Chromium prints (report PDFs, adverse-action notices, legal documents);
 * - `messages`: emails and SMS;
 * - `webhooks`: the fan-out of events to endpoints and their deliveries;
 * - `identity`: the built-in identity provider's verifications (OCR and face model: a core each, ~650 MB a worker).
 */
export const WORKER_ROLES = ['checks', 'reports', 'messages', 'webhooks', 'identity'] as const;

export type WorkerRole = (typeof WORKER_ROLES)[number];

/** What every handler has from its worker process; each queue's context adds what its handler needs. */
export type BaseJobContext = { db: Database; jobs: JobQueue; logger: Logger; now: () => Date };

/** How much a worker runs at once (`WORKER_CONCURRENCY`, `SVC_PDF_PAGES`): each queue takes its share from it. */
export type WorkerLimits = {
  /** Checks at once, and jobs fetched per batch by the busiest queues. */
  concurrency: number;
  /** Chromium's pages: renders (reports, notices) at once. */
  renderConcurrency: number;
};

/** Messages a worker sends at the same time at most: each opens its own SMTP connection, and mail servers limit them. */
export const MESSAGE_SENDS_AT_ONCE = 16;

/**
 * What of a queue's options the deployment decides (the worker's settings), stored with the queue and set by every
 * worker at start (`configureQueues`): every process should run with the same values.
 */
export type QueueSettings = {
  /** `check.run`: how long a run may take before it is presumed lost with its worker and delivered again, in seconds. */
  checkRunExpireSeconds: number;
  /** `check.run`: caps the back-off between retries, in seconds (tests: 0 retries at once); null: no cap. */
  checkRetryDelayMaxSeconds: number | null;
  /** `message.send`: caps the back-off between retries, in seconds (tests: 0); null: no cap. */
  messageRetryDelayMaxSeconds: number | null;
  /** `webhook.deliver`: how long an attempt may take before it is presumed lost with its worker, in seconds. */
  webhookExpireSeconds: number;
};

/** A queue fetched by a loop of its own instead of pg-boss's `work` (the webhook deliveries); stopped with the worker. */
export type JobLoop = { stop(): Promise<void> };

/** What is stored on a failed job when the error may carry personal data: nothing of it. */
export const INTERNAL_ERROR_OUTPUT = { error: 'internal error: see the worker log' } as const;

/**
 * A queue of svc, defined once in its file of `packages/services/src/jobs/`: its name and policy (created by every
 * process), and how a worker runs its jobs. `Context` is what its handler needs from the worker process (the
 * database, the clock, and worker-only parts: Chromium, the providers, the mail transport), typed where it is used;
 * the worker builds one object holding every queue's (`JobContext` in `./index.ts`) and registers the list.
 */
export type JobDefinition<Name extends string = string, Context = never> = QueueDefinition & {
  readonly name: Name;
  /** Which workers take its jobs (`svc worker --roles …`). */
  readonly role: WorkerRole;
  /**
   * The queue's options for jobs enqueued from now on, from the deployment's settings (pg-boss's expiry, back-off cap;
   * the send options of each job win): set by every worker at start. Default: none beyond `policy`.
   */
  readonly options?: (settings: QueueSettings) => UpdateQueueOptions;
  /** Jobs of this queue one worker runs at once (fetched per batch). Default 1; a queue with its own `loop` sets its own. */
  readonly concurrency?: (limits: WorkerLimits) => number;
  /**
   * Runs one job: parses its payload (a bad one is logged and dropped), calls one use case, logs what came of it.
   * Idempotent: a job may run twice. Throws for pg-boss to retry it with back-off.
   */
  readonly handle: (context: Context, job: QueuedJob) => Promise<unknown>;
  /** What of a failed attempt's error is stored on the job: never personal data. */
  readonly failureOutput: (error: unknown, context: Context) => object;
  /** Whether this worker can run the queue (a worker built without a PDF printer prints nothing). Default: yes. */
  readonly runsIn?: (context: Context) => boolean;
  /** Once, when a worker starts taking the queue: a schedule, the first jobs. */
  readonly onStart?: (context: Context) => Promise<void>;
  /** The queue's own fetch loop, instead of pg-boss's `work` (which the worker uses when there is none). */
  readonly loop?: (context: Context, handle: (job: QueuedJob) => Promise<unknown>) => JobLoop;
};

/** A job definition, its context's type given first: `defineJob<CheckRunContext>()({ name: CHECK_RUN_QUEUE, … })`. */
export const defineJob =
  <Context>() =>
  <const Name extends string>(definition: JobDefinition<Name, Context>): JobDefinition<Name, Context> =>
    definition;

/** What a worker that prints (Chromium) says of a failed print: its error's code (`render_timeout`, …), else null. */
export type PrintFailures = { renderFailureCode(error: unknown): string | null };

/** A print's failure as stored on its job: the printer's code says what failed without the HTML; anything else may quote personal data. */
export const printFailureOutput = (error: unknown, { renderFailureCode }: PrintFailures): object => ({
  error: renderFailureCode(error) ?? INTERNAL_ERROR_OUTPUT.error,
});
