import type { QueueSettings } from '@svc/services';
import {
  workerConfigSchema,
  type ChromiumSandbox,
  type ProvidersSetting,
  type WatchlistFetchSetting,
  type WorkerConfig,
} from '@svc/config';

// A worker's settings: what its configuration (the environment) sets, and the defaults of what it leaves unset.

/** Where notification emails link to when the worker is not told the API's public URL (`SVC_PUBLIC_URL`). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
/** The sender address of emails when `SVC_MAIL_FROM` is unset (emails then stay in the outbox: no SMTP_URL). */
const DEFAULT_MAIL_FROM = 'no-reply@svc.invalid';

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
export const CONFIG_DEFAULTS = workerConfigSchema.parse({});

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivate: CONFIG_DEFAULTS.SVC_WEBHOOK_ALLOW_PRIVATE === true,
  concurrency: CONFIG_DEFAULTS.SVC_WEBHOOK_CONCURRENCY,
  perEndpoint: CONFIG_DEFAULTS.SVC_WEBHOOK_ENDPOINT_CONCURRENCY,
  pollMs: 100,
  retryScheduleMs: null,
  expireSeconds: CONFIG_DEFAULTS.SVC_WEBHOOK_EXPIRE_SECONDS,
};

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
