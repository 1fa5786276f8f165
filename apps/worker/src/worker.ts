import { createJobQueue, type Database, type JobQueue } from '@svc/db';
import {
  checkRunSteps,
  CHECK_RUN_QUEUE,
  configureQueues,
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
  type QueueSettings,
  type QueuedJob,
  type ReportRenderer,
} from '@svc/services';
import type { JobResult } from 'pg-boss';
import {
  workerConfigSchema,
  type ChromiumSandbox,
  type ProvidersSetting,
  type WatchlistFetchSetting,
  type WorkerConfig,
} from '@svc/config';
import type { Logger } from 'pino';
import { createPdfRenderer, isPdfRenderError, type PdfRenderer } from './pdf/index.js';
import { createReportRenderer } from './report/render-report.js';
import { createNoticeRenderer } from './report/render-notice.js';
import { outboxEmailTransport, smtpEmailTransport, type EmailTransport } from './delivery/email-transport.js';
import { outboxSmsProvider, type SmsProvider } from './delivery/sms-provider.js';
import { createWorkerMetrics, type WorkerMetrics } from './metrics.js';
import type { Registry } from 'prom-client';
import { createWebhookSender } from './webhooks/send.js';
import { providerAdaptersOf } from './providers/index.js';
import { watchlistFeedsOf } from './watchlists/feeds.js';
import { watchlistMonitorsOf } from './watchlists/monitors.js';
import { WatchlistScreener } from './watchlists/screener.js';
import { inJobSpan } from '@svc/db/tracing';

/** Where notification emails link to when the worker is not told the API's public URL (`SVC_PUBLIC_URL`). */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
/** The sender address of emails when `SVC_MAIL_FROM` is unset (emails then stay in the outbox: no SMTP_URL). */
const DEFAULT_MAIL_FROM = 'no-reply@svc.invalid';

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

/** How this worker delivers webhooks. */
export type WebhookSettings = {
  /** `SVC_WEBHOOK_ALLOW_PRIVATE`: `http:` and private, loopback and link-local targets allowed (development only). */
  allowPrivate: boolean;
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Deliveries of one endpoint in flight at once, across every worker. */
  perEndpoint: number;
  /** How often the fan-out and an idle delivery loop look for work, in milliseconds. */
  pollMs: number;
  /** The retry schedule; null: the production one (`WEBHOOK_RETRY_SCHEDULE_MS`). */
  retryScheduleMs: readonly number[] | null;
  /** A delivery still running after this many seconds is presumed lost with its worker and made again. */
  expireSeconds: number;
};

/** What a worker reads from an environment that sets nothing. */
const CONFIG_DEFAULTS = workerConfigSchema.parse({});

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivate: CONFIG_DEFAULTS.SVC_WEBHOOK_ALLOW_PRIVATE === true,
  concurrency: CONFIG_DEFAULTS.SVC_WEBHOOK_CONCURRENCY,
  perEndpoint: CONFIG_DEFAULTS.SVC_WEBHOOK_ENDPOINT_CONCURRENCY,
  pollMs: 100,
  retryScheduleMs: null,
  expireSeconds: CONFIG_DEFAULTS.SVC_WEBHOOK_EXPIRE_SECONDS,
};

export type Worker = {
  /** Stops taking jobs and waits for the running ones to finish. Does not stop `jobs`. */
  stop(): Promise<void>;
};

/**
 * Runs `handle` on the jobs of `queue`: one poller fetching up to `concurrency` jobs at a time, run side by side and
 * settled one by one (`perJobResults`: a failed job is retried alone). While fetches come back full it fetches again
 * at once (`burstWhenBatchFull`), so a backlog runs without waiting for the polling interval between jobs. The output
 * stored on a failed job comes from `failureOutput`: never personal data.
 */
async function workQueue(
  jobs: JobQueue,
  {
    queue,
    concurrency,
    pollingIntervalSeconds,
    handle,
    failureOutput,
  }: {
    queue: QueueName;
    concurrency: number;
    pollingIntervalSeconds: number;
    handle: (job: QueuedJob) => Promise<unknown>;
    failureOutput: (error: unknown) => object;
  },
): Promise<JobLoop> {
  // A queue with NOTIFY polls at the same pace all the same: a job due later (`startAfter`) notifies nobody.
  const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
  const id = await jobs.work(
    queue,
    {
      ...polling,
      batchSize: concurrency,
      localConcurrency: 1,
      burstWhenBatchFull: true,
      includeMetadata: true,
      perJobResults: true,
    },
    (batch) =>
      Promise.all(
        batch.map(async (job): Promise<JobResult> => {
          try {
            // A span continuing the trace the job was sent in (none while tracing is off).
            await inJobSpan(queue, job, () => handle(job));
            return { id: job.id, status: 'completed' };
          } catch (error) {
            // pg-boss retries it with back-off (the handler has logged it).
            return { id: job.id, status: 'failed', output: failureOutput(error) };
          }
        }),
      ),
  );
  return { stop: () => jobs.offWork(queue, { id, wait: true }) };
}

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

/** The queues' settings of a worker's (`configureQueues`). */
export const queueSettingsOf = (settings: WorkerSettings): QueueSettings => ({
  checkRunExpireSeconds: settings.checkRunExpireSeconds,
  checkRetryDelayMaxSeconds: settings.checkRetryDelayMaxSeconds,
  messageRetryDelayMaxSeconds: settings.messageRetryDelayMaxSeconds,
  webhookExpireSeconds: settings.webhooks.expireSeconds,
});

export type WorkerSettings = {
  simulatorDelayMs: number;
  /** > 0: the simulator answers asynchronously after this many milliseconds (`SVC_SIMULATOR_PENDING_MS`). */
  simulatorPendingMs: number;
  /** The simulator calls back instead of being polled (`SVC_SIMULATOR_CALLBACKS`). */
  simulatorCallbacks: boolean;
  /** The providers of live checks (`SVC_PROVIDERS`). */
  providers: ProvidersSetting;
  /** The lists downloaded on a schedule (`SVC_WATCHLIST_FETCH`) and when (`SVC_WATCHLIST_FETCH_SCHEDULE`). */
  watchlistFetch: WatchlistFetchSetting;
  watchlistFetchSchedule: string;
  /** The OCR model's folder for the built-in identity provider (`SVC_TESSDATA`). Default: Debian's. */
  tessdata?: string;
  concurrency: number;
  pollingIntervalSeconds: number;
  /** `check.run` jobs expire (and run again elsewhere) after this many seconds. */
  checkRunExpireSeconds: number;
  /** How often a job queue this function opens looks for expired jobs, in seconds. */
  superviseIntervalSeconds: number;
  /** How long `stop()` lets running checks finish, in seconds. */
  stopGraceSeconds: number;
  /** Reports Chromium prints at the same time (its pool of pages), and so `report.render` jobs run at once. */
  pdfPages: number;
  /** A report render that takes longer fails (and is retried), in milliseconds. */
  pdfRenderTimeoutMs: number;
  /** How long a worker holds the rendering of a report before it is presumed lost with its worker, in seconds. */
  reportRenderClaimSeconds: number;
  /** Chromium's sandbox (`SVC_CHROMIUM_SANDBOX`): `auto`, with it wherever the system allows. */
  chromiumSandbox: ChromiumSandbox;
  /** SMTP server for emails (`SMTP_URL`); null: emails stay in the outbox (/dev/outbox). */
  smtpUrl: string | null;
  /** Sends over an `smtp://` server that offers no STARTTLS (`SVC_SMTP_ALLOW_PLAINTEXT`): in clear, links and all. */
  smtpAllowPlaintext: boolean;
  /** Sender address of emails (`SVC_MAIL_FROM`): an address only; the display name is the message's. */
  mailFrom: string;
  /** Caps the back-off between `message.send` retries, in seconds (tests: 0); null: no cap. */
  messageRetryDelayMaxSeconds: number | null;
  /** Caps the back-off between `check.run` retries, in seconds (tests: 0, not the ~15 s of four doubling waits); null: no cap. */
  checkRetryDelayMaxSeconds: number | null;
  /** Webhook delivery. */
  webhooks: WebhookSettings;
  /** The API's public URL (`SVC_PUBLIC_URL`), which notification emails link to. */
  publicUrl: string;
  /** Test clock (`SVC_TEST_WAITING_PERIOD_SECONDS`): adverse actions wait this many seconds; null: business days. */
  waitingPeriodSeconds: number | null;
  /** `SVC_APPLICANT_CHANGES_RETENTION_DAYS`: the change feed's superseded changes go after this many days. */
  applicantChangesRetentionDays: number;
};

/** The worker settings of a configuration (for `startWorker`). */
export function workerSettingsOf(config: WorkerConfig): WorkerSettings {
  return {
    simulatorDelayMs: config.SVC_SIMULATOR_DELAY_MS,
    simulatorPendingMs: config.SVC_SIMULATOR_PENDING_MS,
    simulatorCallbacks: config.SVC_SIMULATOR_CALLBACKS,
    providers: config.SVC_PROVIDERS,
    watchlistFetch: config.SVC_WATCHLIST_FETCH,
    watchlistFetchSchedule: config.SVC_WATCHLIST_FETCH_SCHEDULE,
    tessdata: config.SVC_TESSDATA,
    concurrency: config.WORKER_CONCURRENCY,
    pollingIntervalSeconds: config.WORKER_POLLING_INTERVAL_SECONDS,
    checkRunExpireSeconds: config.SVC_CHECK_RUN_EXPIRE_SECONDS,
    superviseIntervalSeconds: config.SVC_JOB_SUPERVISE_INTERVAL_SECONDS,
    stopGraceSeconds: config.WORKER_STOP_GRACE_SECONDS,
    pdfPages: config.SVC_PDF_PAGES,
    pdfRenderTimeoutMs: config.SVC_PDF_RENDER_TIMEOUT_MS,
    reportRenderClaimSeconds: config.SVC_REPORT_RENDER_CLAIM_SECONDS,
    chromiumSandbox: config.SVC_CHROMIUM_SANDBOX,
    smtpUrl: config.SMTP_URL ?? null,
    smtpAllowPlaintext: config.SVC_SMTP_ALLOW_PLAINTEXT,
    mailFrom: config.SVC_MAIL_FROM ?? DEFAULT_MAIL_FROM,
    messageRetryDelayMaxSeconds: null,
    checkRetryDelayMaxSeconds: null,
    publicUrl: config.SVC_PUBLIC_URL ?? DEFAULT_PUBLIC_URL,
    waitingPeriodSeconds: config.SVC_TEST_WAITING_PERIOD_SECONDS ?? null,
    applicantChangesRetentionDays: config.SVC_APPLICANT_CHANGES_RETENTION_DAYS,
    webhooks: {
      ...DEFAULT_WEBHOOK_SETTINGS,
      allowPrivate: config.SVC_WEBHOOK_ALLOW_PRIVATE === true,
      concurrency: config.SVC_WEBHOOK_CONCURRENCY,
      perEndpoint: config.SVC_WEBHOOK_ENDPOINT_CONCURRENCY,
      expireSeconds: config.SVC_WEBHOOK_EXPIRE_SECONDS,
    },
  };
}

/**
 * What a worker warns of at boot, from its settings: a setting that lets personal data or links cross the network in
 * clear. (Webhooks to private addresses are warned of where they are sent from.)
 */
export function bootWarningsOf(settings: Pick<WorkerSettings, 'smtpUrl' | 'smtpAllowPlaintext'>): string[] {
  const warnings: string[] = [];
  if (settings.smtpUrl?.startsWith('smtp://') && settings.smtpAllowPlaintext)
    warnings.push(
      'SVC_SMTP_ALLOW_PLAINTEXT=1: emails go in clear to an smtp:// server that offers no STARTTLS, onboarding links and personal data with them. Only for a mail server on this machine or a network you trust.',
    );
  return warnings;
}

/** The settings of a worker whose environment sets nothing (the defaults `@svc/config` declares). */
export const DEFAULT_WORKER_SETTINGS: WorkerSettings = workerSettingsOf(CONFIG_DEFAULTS);

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
