import { createJobQueue, type Database, type JobQueue } from '@svc/db';
import {
  checkRunSteps,
  CHECK_RUN_QUEUE,
  configureQueues,
  createNoticeRenderer,
  createReportRenderer,
  JOB_DEFINITIONS,
  JOB_QUEUES,
  QUEUE_NAMES,
  REPORT_RENDER_CLAIM_MS,
  WATCHLIST_RESCREEN_QUEUE,
  WEBHOOK_DELIVER_QUEUE,
  type JobContext,
  type JobDefinition,
  type JobLoop,
  type NoticeRenderer,
  type PdfPrinter,
  type QueueName,
  type QueuedJob,
  type ReportRenderer,
} from '@svc/services';
import type { ProvidersSetting, WatchlistFetchSetting } from '@svc/config';
import type { Logger } from 'pino';
import { createPdfRenderer, isPdfRenderError, type PdfRenderer } from './pdf/index.js';
import { outboxEmailTransport, smtpEmailTransport, type EmailTransport } from './delivery/email-transport.js';
import { outboxSmsProvider, type SmsProvider } from './delivery/sms-provider.js';
import { createWorkerMetrics, type WorkerMetrics } from './metrics.js';
import type { Registry } from 'prom-client';
import { createWebhookSender } from './webhooks/send.js';
import { providerAdaptersOf } from './providers/index.js';
import { watchlistFeedsOf } from './watchlists/feeds.js';
import { watchlistMonitorsOf } from './watchlists/monitors.js';
import { WatchlistScreener } from './watchlists/screener.js';
import { workQueue } from './work-queue.js';
import {
  bootWarningsOf,
  CONFIG_DEFAULTS,
  DEFAULT_PUBLIC_URL,
  DEFAULT_WEBHOOK_SETTINGS,
  DEFAULT_WORKER_SETTINGS,
  queueSettingsOf,
  type WebhookSettings,
  type WorkerSettings,
} from './settings.js';

export type WorkerOptions = {
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  /** The clock (injectable for tests). */
  now?: () => Date;
  /** Simulated provider latency per check, in milliseconds (`SVC_SIMULATOR_DELAY_MS`). */
  simulatorDelayMs: number;
  /** > 0: the simulator answers asynchronously, its results ready this many milliseconds after submission. Default 0. */
  simulatorPendingMs?: number;
  /** With `simulatorPendingMs`: the simulator calls back when its result is ready instead of being polled. */
  simulatorCallbacks?: boolean;
  /** The providers of live checks (`SVC_PROVIDERS`). Default: none. */
  providers?: ProvidersSetting;
  /** The lists downloaded and imported on `watchlistFetchSchedule` (`SVC_WATCHLIST_FETCH`). Default: none. */
  watchlistFetch?: WatchlistFetchSetting;
  /** When (cron, UTC) `watchlistFetch` is downloaded (`SVC_WATCHLIST_FETCH_SCHEDULE`). */
  watchlistFetchSchedule?: string;
  /** The OCR model's folder for the built-in identity provider (`SVC_TESSDATA`). Default: Debian's. */
  tessdata?: string;
  /** Checks this process runs at the same time (jobs fetched per batch); messages, at most `MESSAGE_SENDS_AT_ONCE`. Default 64. */
  concurrency?: number;
  /** Reports this process renders at the same time: the PDF renderer's pool of pages. Default 2. */
  renderConcurrency?: number;
  /** How often an idle worker polls for jobs, in seconds (>= 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Renders the report (HTML and PDF) of an applicant whose last check finished: `createReportRenderer`. */
  renderReport: ReportRenderer;
  /** Renders the notices of adverse actions (HTML and PDF): `createNoticeRenderer`. Without it, this worker sends none. */
  renderNotice?: NoticeRenderer;
  /**
   * Test clock (`SVC_TEST_WAITING_PERIOD_SECONDS`): an adverse action's waiting period lasts this many seconds instead
   * of its business days. Null (the default): the rules table's business days.
   */
  waitingPeriodSeconds?: number | null;
  /** The retention job: a change of the feed goes once a later change of its applicant is this many days old. Default 7. */
  applicantChangesRetentionDays?: number;
  /**
   * Prints the public legal documents (the FCRA summary of rights) with the reports' printer; without it this worker
   * leaves them to others (`startWorker` always passes it).
   */
  pdf?: PdfPrinter;
  /**
   * How long a worker holds the rendering of a report, in seconds: a `report.render` job still running after it is
   * presumed lost with its worker and runs again. Default 120 (`REPORT_RENDER_CLAIM_MS`).
   */
  reportRenderClaimSeconds?: number;
  /** Where `message.send` delivers emails. Default: the outbox only. */
  email?: EmailTransport;
  /** Where `message.send` delivers SMS. Default: the outbox only. */
  sms?: SmsProvider;
  /** Counts checks, renders and deliveries (`/metrics`). */
  metrics?: WorkerMetrics;
  /** The API's public URL, which notification emails link to. Default `http://localhost:3000`. */
  publicUrl?: string;
  /** Webhook delivery (fan-out and `webhook.deliver`). Default: HTTPS to public addresses only, the production schedule. */
  webhooks?: Partial<WebhookSettings>;
  /**
   * The queues this worker takes jobs from (`svc worker --queues …` or `--roles …`: `queuesOfRoles`). Default: every
   * queue. The webhook fan-out runs where `webhook.deliver` is taken; the retention job is scheduled where
   * `retention.prune` is.
   */
  queues?: readonly QueueName[];
};

export type Worker = {
  /** Stops taking jobs and waits for the running ones to finish. Does not stop `jobs`. */
  stop(): Promise<void>;
};

/**
 * What this worker gives the handlers of every queue (`JobContext`): the database, the clock, and its own parts:
 * the provider adapters, the check-run steps its batches share, Chromium's printers, the mail transports, the webhook
 * sender and its metrics.
 */
export function workerContextOf({
  db,
  jobs,
  logger,
  now = () => new Date(),
  simulatorDelayMs,
  simulatorPendingMs = 0,
  simulatorCallbacks = false,
  providers = {},
  watchlistFetch = {},
  watchlistFetchSchedule = CONFIG_DEFAULTS.SVC_WATCHLIST_FETCH_SCHEDULE,
  tessdata,
  renderReport,
  pdf,
  renderNotice,
  waitingPeriodSeconds = null,
  applicantChangesRetentionDays = CONFIG_DEFAULTS.SVC_APPLICANT_CHANGES_RETENTION_DAYS,
  reportRenderClaimSeconds = REPORT_RENDER_CLAIM_MS / 1000,
  email = outboxEmailTransport,
  sms = outboxSmsProvider,
  metrics,
  webhooks: givenWebhooks = {},
  publicUrl = DEFAULT_PUBLIC_URL,
}: WorkerOptions): JobContext & { watchlistScreener: WatchlistScreener } {
  const webhooks: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...givenWebhooks };
  // The built-in watchlist providers and re-screenings share one index of the lists in force (`createWorker` loads it).
  const screener = new WatchlistScreener(db, logger);
  return {
    db,
    jobs,
    logger,
    now,
    providers: providerAdaptersOf({
      providers,
      simulator: { delayMs: simulatorDelayMs, pendingMs: simulatorPendingMs, callbacks: simulatorCallbacks },
      db,
      logger,
      ...(tessdata ? { tessdata } : {}),
      screener,
    }),
    watchlistScreener: screener,
    watchlistMonitors: watchlistMonitorsOf(providers, screener),
    watchlistFeeds: watchlistFeedsOf({
      db,
      jobs,
      logger,
      now,
      feeds: watchlistFetch,
      schedule: watchlistFetchSchedule,
    }),
    checkRunSteps: checkRunSteps(db, jobs, now, reportRenderClaimSeconds),
    metrics,
    renderReport,
    reportRenderClaimSeconds,
    renderNotice: renderNotice ?? null,
    pdf: pdf ?? null,
    renderFailureCode: (error) => (isPdfRenderError(error) ? error.code : null),
    publicUrl,
    waitingPeriodSeconds,
    applicantChangesRetentionDays,
    email,
    sms,
    webhookSender: createWebhookSender({ allowPrivate: webhooks.allowPrivate }),
    webhookRetryScheduleMs: webhooks.retryScheduleMs,
    webhooks,
  };
}

/**
 * Registers the handler of each queue of `JOB_QUEUES` this worker takes (`queues`, default every one) and runs its
 * start (`onStart`: the retention job's schedule, the legal documents to print): from now on this process runs
 * checks, renders reports, sends messages and webhooks and deletes what has outlived its retention. Each queue takes
 * its share of `concurrency` (reports have their own slots, so a render never holds a check's); a queue with a loop of
 * its own (the webhook deliveries) runs it instead of pg-boss's `work`.
 */
export async function createWorker(options: WorkerOptions): Promise<Worker> {
  const { jobs, logger, concurrency = 64, renderConcurrency = 2, pollingIntervalSeconds = 2 } = options;
  const taken = new Set<QueueName>(options.queues ?? QUEUE_NAMES);
  const context = workerContextOf(options);
  const limits = { concurrency, renderConcurrency };
  const running = new Map<QueueName, JobLoop>();
  const start = (definition: JobDefinition<QueueName, JobContext>): Promise<JobLoop> | JobLoop => {
    const handle = (job: QueuedJob) => definition.handle(context, job);
    if (definition.loop) return definition.loop(context, handle);
    return workQueue(jobs, {
      queue: definition.name,
      concurrency: definition.concurrency?.(limits) ?? 1,
      pollingIntervalSeconds,
      handle,
      failureOutput: (error) => definition.failureOutput(error, context),
    });
  };
  for (const definition of JOB_DEFINITIONS) {
    if (!taken.has(definition.name) || !(definition.runsIn?.(context) ?? true)) continue;
    running.set(definition.name, await start(definition));
    await definition.onStart?.(context);
  }
  // The lists in force are loaded now, not at the first screening (and again when a version is imported).
  if (context.watchlistMonitors.length > 0 && (running.has(CHECK_RUN_QUEUE) || running.has(WATCHLIST_RESCREEN_QUEUE)))
    void context.watchlistScreener.warm();
  if (options.webhooks?.allowPrivate && running.has(WEBHOOK_DELIVER_QUEUE)) {
    logger.warn(
      'SVC_WEBHOOK_ALLOW_PRIVATE=1: webhooks go to http:// and to private, loopback and link-local addresses. Development only: never in production.',
    );
  }
  const queuesTaken = [...running.keys()];
  logger.info(
    {
      queues: queuesTaken,
      concurrency,
      render_concurrency: renderConcurrency,
      simulator_delay_ms: options.simulatorDelayMs,
      simulator_pending_ms: options.simulatorPendingMs ?? 0,
      simulator_callbacks: options.simulatorCallbacks ?? false,
      providers: [...context.providers.keys()],
      email_delivery: context.email.delivery,
      sms_delivery: context.sms.delivery,
    },
    'worker started',
  );
  let stopping: Promise<void> | null = null;
  return {
    stop: () => {
      stopping ??= Promise.all([...running.values()].map((loop) => loop.stop())).then(() => {
        context.email.close();
        context.webhookSender.close();
        logger.info({ queues: queuesTaken }, 'worker stopped');
      });
      return stopping;
    },
  };
}

export type RunningWorker = {
  jobs: JobQueue;
  /** The worker's Prometheus series (`SVC_WORKER_METRICS_PORT` serves them). */
  metrics: WorkerMetrics;
  /**
   * Stops taking jobs and lets the running ones finish (at most `stopGraceSeconds`). A job queue and a PDF renderer
   * this function opened are stopped too; a `jobs` or `pdf` passed in is left running (its owner stops it).
   */
  stop(): Promise<void>;
};

/**
 * The worker of a process, on an open, migrated database: `npm start` runs it inside the API process (pass the
 * API's `jobs`, so the process holds one pg-boss), `svc worker` on its own. Without `jobs`, opens a job queue on `db`.
 */
export async function startWorker({
  db,
  logger,
  jobs: givenJobs,
  settings: givenSettings = {},
  now,
  metricsRegistry,
  pdf: givenPdf,
  queues,
}: {
  db: Database;
  logger: Logger;
  jobs?: JobQueue;
  /** The queues this worker takes jobs from (`svc worker --roles …`, `queuesOfRoles`). Default: every queue. */
  queues?: readonly QueueName[];
  /**
   * A PDF renderer the caller owns and closes, for workers of one process that share a Chromium (the tests' workers).
   * Default: the worker's own, closed when it stops.
   */
  pdf?: PdfRenderer;
  settings?: Partial<Omit<WorkerSettings, 'webhooks'>> & { webhooks?: Partial<WebhookSettings> };
  now?: () => Date;
  /** Where the worker's Prometheus series go; a process that runs the API too passes the one both share. */
  metricsRegistry?: Registry;
}): Promise<RunningWorker> {
  const settings: WorkerSettings = {
    ...DEFAULT_WORKER_SETTINGS,
    ...givenSettings,
    webhooks: { ...DEFAULT_WEBHOOK_SETTINGS, ...givenSettings.webhooks },
  };
  const jobs =
    givenJobs ??
    (await createJobQueue(db, {
      queues: JOB_QUEUES,
      // One more connection, listening: a report is rendered as soon as it is asked for (JOB_QUEUES).
      useListenNotify: true,
      superviseIntervalSeconds: settings.superviseIntervalSeconds,
      monitorIntervalSeconds: settings.superviseIntervalSeconds,
      onError: (error) => logger.error({ err: error }, 'job queue error'),
    }));
  await configureQueues(jobs, queueSettingsOf(settings));
  // One Chromium for the process, launched by the first report and reused by every later one.
  const pdf =
    givenPdf ??
    createPdfRenderer({
      maxPages: settings.pdfPages,
      renderTimeoutMs: settings.pdfRenderTimeoutMs,
      sandbox: settings.chromiumSandbox,
      logger,
    });
  const metrics = createWorkerMetrics({ db, ...(metricsRegistry ? { registry: metricsRegistry } : {}) });
  for (const warning of bootWarningsOf(settings)) logger.warn(warning);
  const worker = await createWorker({
    db,
    jobs,
    logger,
    renderReport: createReportRenderer({ pdf }),
    pdf,
    renderNotice: createNoticeRenderer({ pdf }),
    waitingPeriodSeconds: settings.waitingPeriodSeconds,
    applicantChangesRetentionDays: settings.applicantChangesRetentionDays,
    ...(now ? { now } : {}),
    simulatorDelayMs: settings.simulatorDelayMs,
    simulatorPendingMs: settings.simulatorPendingMs,
    simulatorCallbacks: settings.simulatorCallbacks,
    providers: settings.providers,
    watchlistFetch: settings.watchlistFetch,
    watchlistFetchSchedule: settings.watchlistFetchSchedule,
    ...(settings.tessdata ? { tessdata: settings.tessdata } : {}),
    concurrency: settings.concurrency,
    renderConcurrency: settings.pdfPages,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
    reportRenderClaimSeconds: settings.reportRenderClaimSeconds,
    metrics,
    email: settings.smtpUrl
      ? smtpEmailTransport({
          url: settings.smtpUrl,
          from: settings.mailFrom,
          allowPlaintext: settings.smtpAllowPlaintext,
        })
      : outboxEmailTransport,
    webhooks: settings.webhooks,
    publicUrl: settings.publicUrl,
    ...(queues ? { queues } : {}),
  });
  let stopping: Promise<void> | null = null;
  return {
    jobs,
    metrics,
    stop: () => {
      stopping ??= (async () => {
        const grace = new Promise<void>((resolve) => setTimeout(resolve, settings.stopGraceSeconds * 1000).unref());
        await Promise.race([worker.stop(), grace]);
        if (!givenPdf) await pdf.close();
        if (!givenJobs) await jobs.stop({ graceful: true, timeout: Math.max(1, settings.stopGraceSeconds) * 1000 });
      })();
      return stopping;
    },
  };
}
