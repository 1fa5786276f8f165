import {
  ADVERSE_NOTICE_QUEUE,
  CHECK_RUN_QUEUE,
  createJobQueue,
  JOB_QUEUES,
  LEGAL_DOCUMENT_RENDER_QUEUE,
  MESSAGE_SEND_QUEUE,
  PROVIDER_CALLBACK_QUEUE,
  PROVIDER_POLL_QUEUE,
  REPORT_RENDER_CLAIM_MS,
  REPORT_RENDER_QUEUE,
  requestLegalDocumentRender,
  RETENTION_QUEUE,
  WEBHOOK_DELIVER_QUEUE,
  type Database,
  type JobQueue,
  type ProvidersSetting,
  type NoticeRenderer,
  type QueueName,
  type ReportRenderer,
} from '@svc/db';
import { isProviderTemporaryError } from '@svc/domain';
import type { JobResult } from 'pg-boss';
import type { Logger } from 'pino';
import { checkRunSteps, runCheckRunJob, type CheckRunContext } from './check-run-job.js';
import type { QueuedJob } from './job.js';
import { legalDocumentsToPrint, runLegalDocumentRenderJob } from './legal-document-render-job.js';
import { createPdfRenderer, isPdfRenderError, type ChromiumSandbox, type PdfRenderer } from './pdf/index.js';
import { runReportRenderJob, type ReportRenderContext } from './report-render-job.js';
import { createReportRenderer } from './report/render-report.js';
import { createNoticeRenderer } from './report/render-notice.js';
import { runAdverseNoticeJob, type AdverseNoticeContext } from './adverse-notice-job.js';
import { outboxEmailTransport, smtpEmailTransport, type EmailTransport } from './delivery/email-transport.js';
import { outboxSmsProvider, type SmsProvider } from './delivery/sms-provider.js';
import { failureReasonOf, runMessageSendJob, type MessageSendContext } from './message-send-job.js';
import { RETENTION_SCHEDULE, runRetentionJob } from './retention-job.js';
import { createWorkerMetrics, type WorkerMetrics } from './metrics.js';
import type { Registry } from 'prom-client';
import { runWebhookDeliverJob, type WebhookDeliverContext } from './webhooks/deliver-job.js';
import { startWebhookDispatcher } from './webhooks/dispatcher.js';
import { createWebhookSender } from './webhooks/send.js';

/** Where notification emails link to when the worker is not told the API's public URL (`SVC_PUBLIC_URL`). */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
import { runProviderCallbackJob, runProviderPollJob } from './provider-check-job.js';
import { providerAdaptersOf } from './providers/index.js';

/** Messages a worker sends at the same time at most: each opens its own SMTP connection, and mail servers limit them. */
export const MESSAGE_SENDS_AT_ONCE = 16;

export type WorkerOptions = {
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  /** The clock (injectable for tests). */
  now?: () => Date;
  /** Simulated provider latency per check, in milliseconds (`SVC_SIMULATOR_DELAY_MS`). Default 0. */
  simulatorDelayMs?: number;
  /** > 0: the simulator answers asynchronously, its results ready this many milliseconds after submission. Default 0. */
  simulatorPendingMs?: number;
  /** With `simulatorPendingMs`: the simulator calls back when its result is ready instead of being polled. */
  simulatorCallbacks?: boolean;
  /** The providers of live checks (`SVC_PROVIDERS`). Default: none. */
  providers?: ProvidersSetting;
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
  /**
   * Prints the public legal documents (the FCRA summary of rights) with the reports' printer; without it this worker
   * leaves them to others (`startWorker` always passes it).
   */
  pdf?: Pick<PdfRenderer, 'render'>;
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

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivate: false,
  concurrency: 64,
  perEndpoint: 8,
  pollMs: 100,
  retryScheduleMs: null,
  expireSeconds: 60,
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
): Promise<string> {
  // A queue with NOTIFY polls at the same pace all the same: a job due later (`startAfter`) notifies nobody.
  const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
  return jobs.work(
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
            await handle(job);
            return { id: job.id, status: 'completed' };
          } catch (error) {
            // pg-boss retries it with back-off (the handler has logged it).
            return { id: job.id, status: 'failed', output: failureOutput(error) };
          }
        }),
      ),
  );
}

/**
 * Registers the `check.run`, `report.render`, `message.send` and `retention.prune` handlers on `jobs`, and schedules
 * `retention.prune`: from now on this process runs checks, renders reports, sends messages and deletes what has
 * outlived its retention. Reports have their own slots, so a render never holds a check's.
 */
export async function createWorker({
  db,
  jobs,
  logger,
  now = () => new Date(),
  simulatorDelayMs = 0,
  simulatorPendingMs = 0,
  simulatorCallbacks = false,
  providers = {},
  concurrency = 64,
  renderConcurrency = 2,
  pollingIntervalSeconds = 2,
  renderReport,
  pdf,
  renderNotice,
  waitingPeriodSeconds = null,
  reportRenderClaimSeconds = REPORT_RENDER_CLAIM_MS / 1000,
  email = outboxEmailTransport,
  sms = outboxSmsProvider,
  metrics,
  webhooks: givenWebhooks = {},
  publicUrl = DEFAULT_PUBLIC_URL,
}: WorkerOptions): Promise<Worker> {
  const webhooks: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...givenWebhooks };
  const checkRuns: CheckRunContext = {
    db,
    logger,
    now,
    jobs,
    providers: providerAdaptersOf({
      providers,
      simulator: { delayMs: simulatorDelayMs, pendingMs: simulatorPendingMs, callbacks: simulatorCallbacks },
    }),
    steps: checkRunSteps(db, jobs, now, reportRenderClaimSeconds),
    ...(metrics ? { metrics } : {}),
  };
  const reports: ReportRenderContext = {
    db,
    jobs,
    logger,
    now,
    renderReport,
    claimSeconds: reportRenderClaimSeconds,
    publicUrl,
  };
  const messages: MessageSendContext = { db, logger, now, email, sms };
  const notices: AdverseNoticeContext | null = renderNotice
    ? { db, logger, now, jobs, renderNotice, publicUrl, waitingPeriodSeconds }
    : null;
  // Asking providers about pending checks: mostly waiting on the network, like sending messages.
  const workProviderQueue = (
    queueJobs: JobQueue,
    queue: QueueName,
    run: (context: CheckRunContext, job: QueuedJob) => Promise<unknown>,
  ) =>
    workQueue(queueJobs, {
      queue,
      concurrency: Math.min(concurrency, MESSAGE_SENDS_AT_ONCE),
      pollingIntervalSeconds,
      handle: (job) => run(checkRuns, job),
      failureOutput: (error) => ({
        error: isProviderTemporaryError(error) ? error.message : 'internal error: see the worker log',
      }),
    });
  const workerIds = new Map<QueueName, string>([
    [
      CHECK_RUN_QUEUE,
      await workQueue(jobs, {
        queue: CHECK_RUN_QUEUE,
        concurrency,
        pollingIntervalSeconds,
        handle: (job) => runCheckRunJob(checkRuns, job),
        // Only a provider's message (which names the check) is kept.
        failureOutput: (error) => ({
          error: isProviderTemporaryError(error) ? error.message : 'internal error: see the worker log',
        }),
      }),
    ],
    [
      REPORT_RENDER_QUEUE,
      await workQueue(jobs, {
        queue: REPORT_RENDER_QUEUE,
        concurrency: renderConcurrency,
        pollingIntervalSeconds,
        handle: async (job) => {
          const startedAt = performance.now();
          const outcome = await runReportRenderJob(reports, job).catch((error: unknown) => {
            metrics?.reportRender('error', (performance.now() - startedAt) / 1000);
            throw error;
          });
          metrics?.reportRender(outcome, (performance.now() - startedAt) / 1000);
        },
        // A render error's code says what failed without the HTML; anything else may quote a query's parameters.
        failureOutput: (error) => ({
          error: isPdfRenderError(error) ? error.code : 'internal error: see the worker log',
        }),
      }),
    ],
    [
      MESSAGE_SEND_QUEUE,
      await workQueue(jobs, {
        queue: MESSAGE_SEND_QUEUE,
        concurrency: Math.min(concurrency, MESSAGE_SENDS_AT_ONCE),
        pollingIntervalSeconds,
        handle: async (job) => {
          const outcome = await runMessageSendJob(messages, job).catch((error: unknown) => {
            metrics?.messageDelivery('error');
            throw error;
          });
          metrics?.messageDelivery(outcome);
        },
        failureOutput: (error) => ({ error: failureReasonOf(error) }),
      }),
    ],
    [PROVIDER_POLL_QUEUE, await workProviderQueue(jobs, PROVIDER_POLL_QUEUE, runProviderPollJob)],
    [PROVIDER_CALLBACK_QUEUE, await workProviderQueue(jobs, PROVIDER_CALLBACK_QUEUE, runProviderCallbackJob)],
    [
      RETENTION_QUEUE,
      await workQueue(jobs, {
        queue: RETENTION_QUEUE,
        concurrency: 1,
        pollingIntervalSeconds,
        handle: () => runRetentionJob({ db, logger, now }),
        failureOutput: () => ({ error: 'internal error: see the worker log' }),
      }),
    ],
  ]);
  if (pdf) {
    workerIds.set(
      LEGAL_DOCUMENT_RENDER_QUEUE,
      await workQueue(jobs, {
        queue: LEGAL_DOCUMENT_RENDER_QUEUE,
        concurrency: 1,
        pollingIntervalSeconds,
        handle: (job) => runLegalDocumentRenderJob({ db, logger, now, pdf }, job),
        failureOutput: (error) => ({
          error: isPdfRenderError(error) ? error.code : 'internal error: see the worker log',
        }),
      }),
    );
    // Printed once per version, by whichever worker takes the job: the API serves it from the database.
    for (const document of legalDocumentsToPrint())
      await requestLegalDocumentRender(jobs, { documentId: document.id, version: document.version });
  }
  if (notices) {
    workerIds.set(
      ADVERSE_NOTICE_QUEUE,
      await workQueue(jobs, {
        queue: ADVERSE_NOTICE_QUEUE,
        concurrency: renderConcurrency,
        pollingIntervalSeconds,
        handle: (job) => runAdverseNoticeJob(notices, job),
        // A render error's code says what failed without the letter; anything else may quote personal data.
        failureOutput: (error) => ({
          error: isPdfRenderError(error) ? error.code : 'internal error: see the worker log',
        }),
      }),
    );
  }
  // Stored in the database: every worker schedules the same job, and pg-boss creates one per occurrence.
  await jobs.schedule(RETENTION_QUEUE, RETENTION_SCHEDULE);
  if (webhooks.allowPrivate) {
    logger.warn(
      'SVC_WEBHOOK_ALLOW_PRIVATE=1: webhooks go to http:// and to private, loopback and link-local addresses. Development only: never in production.',
    );
  }
  const sender = createWebhookSender({ allowPrivate: webhooks.allowPrivate });
  const webhookContext: WebhookDeliverContext = {
    db,
    logger,
    now,
    jobs,
    sender,
    retryScheduleMs: webhooks.retryScheduleMs ?? undefined,
  };
  const dispatcher = startWebhookDispatcher({
    db,
    jobs,
    logger,
    concurrency: webhooks.concurrency,
    perEndpoint: webhooks.perEndpoint,
    pollMs: webhooks.pollMs,
    handle: (job) => runWebhookDeliverJob(webhookContext, job),
  });
  logger.info(
    {
      queues: [...workerIds.keys()],
      concurrency,
      render_concurrency: renderConcurrency,
      simulator_delay_ms: simulatorDelayMs,
      simulator_pending_ms: simulatorPendingMs,
      simulator_callbacks: simulatorCallbacks,
      providers: [...checkRuns.providers.keys()],
      email_delivery: email.delivery,
      sms_delivery: sms.delivery,
    },
    'worker started',
  );
  let stopping: Promise<void> | null = null;
  return {
    stop: () => {
      stopping ??= Promise.all([
        ...[...workerIds].map(([queue, id]) => jobs.offWork(queue, { id, wait: true })),
        dispatcher.stop(),
      ]).then(() => {
        email.close();
        sender.close();
        logger.info({ queues: [...workerIds.keys()] }, 'worker stopped');
      });
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
export async function configureCheckRunQueue(
  jobs: JobQueue,
  { expireInSeconds, retryDelayMaxSeconds = null }: CheckRunQueuePolicy,
): Promise<void> {
  await jobs.createQueue(CHECK_RUN_QUEUE);
  await jobs.updateQueue(CHECK_RUN_QUEUE, { expireInSeconds, retryBackoff: true, retryDelayMax: retryDelayMaxSeconds });
}

/**
 * Sets the `message.send` queue's back-off cap (null: none; tests: 0 retries at once). The retry limit and back-off
 * come with each job (MESSAGE_SEND_OPTIONS); a send takes at most ~40 s (the SMTP timeouts), far below the expiry.
 */
export async function configureMessageSendQueue(
  jobs: JobQueue,
  { retryDelayMaxSeconds = null }: { retryDelayMaxSeconds?: number | null },
): Promise<void> {
  await jobs.createQueue(MESSAGE_SEND_QUEUE);
  await jobs.updateQueue(MESSAGE_SEND_QUEUE, {
    expireInSeconds: 300,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds,
  });
}

export type WorkerSettings = {
  simulatorDelayMs: number;
  /** > 0: the simulator answers asynchronously after this many milliseconds (`SVC_SIMULATOR_PENDING_MS`). */
  simulatorPendingMs: number;
  /** The simulator calls back instead of being polled (`SVC_SIMULATOR_CALLBACKS`). */
  simulatorCallbacks: boolean;
  /** The providers of live checks (`SVC_PROVIDERS`). */
  providers: ProvidersSetting;
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
};

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  simulatorDelayMs: 300,
  simulatorPendingMs: 0,
  simulatorCallbacks: false,
  providers: {},
  concurrency: 64,
  pollingIntervalSeconds: 2,
  checkRunExpireSeconds: 300,
  superviseIntervalSeconds: 60,
  stopGraceSeconds: 20,
  pdfPages: 2,
  pdfRenderTimeoutMs: 30_000,
  reportRenderClaimSeconds: REPORT_RENDER_CLAIM_MS / 1000,
  chromiumSandbox: 'auto',
  smtpUrl: null,
  smtpAllowPlaintext: false,
  mailFrom: 'no-reply@svc.invalid',
  messageRetryDelayMaxSeconds: null,
  checkRetryDelayMaxSeconds: null,
  webhooks: DEFAULT_WEBHOOK_SETTINGS,
  publicUrl: DEFAULT_PUBLIC_URL,
  waitingPeriodSeconds: null,
};

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
}: {
  db: Database;
  logger: Logger;
  jobs?: JobQueue;
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
  await configureCheckRunQueue(jobs, {
    expireInSeconds: settings.checkRunExpireSeconds,
    retryDelayMaxSeconds: settings.checkRetryDelayMaxSeconds,
  });
  // One Chromium for the process, launched by the first report and reused by every later one.
  const pdf =
    givenPdf ??
    createPdfRenderer({
      maxPages: settings.pdfPages,
      renderTimeoutMs: settings.pdfRenderTimeoutMs,
      sandbox: settings.chromiumSandbox,
      logger,
    });
  await configureMessageSendQueue(jobs, { retryDelayMaxSeconds: settings.messageRetryDelayMaxSeconds });
  const metrics = createWorkerMetrics({ db, ...(metricsRegistry ? { registry: metricsRegistry } : {}) });
  await jobs.createQueue(WEBHOOK_DELIVER_QUEUE);
  await jobs.updateQueue(WEBHOOK_DELIVER_QUEUE, { expireInSeconds: settings.webhooks.expireSeconds });
  const worker = await createWorker({
    db,
    jobs,
    logger,
    renderReport: createReportRenderer({ pdf }),
    pdf,
    renderNotice: createNoticeRenderer({ pdf }),
    waitingPeriodSeconds: settings.waitingPeriodSeconds,
    ...(now ? { now } : {}),
    simulatorDelayMs: settings.simulatorDelayMs,
    simulatorPendingMs: settings.simulatorPendingMs,
    simulatorCallbacks: settings.simulatorCallbacks,
    providers: settings.providers,
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
