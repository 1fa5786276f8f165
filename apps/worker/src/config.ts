import { encryptionKeySetting, providersSetting, switchSetting } from '@svc/db';
import { z } from 'zod';
import { CHROMIUM_SANDBOX_MODES, type ChromiumSandbox } from './pdf/index.js';
import { DEFAULT_WORKER_SETTINGS, type WorkerSettings } from './worker.js';

/**
 * The configuration of a worker process (`pnpm svc worker`), read once from the environment at boot and validated
 * like the API's (apps/api/src/config.ts): a wrong value stops the process naming the variable.
 */
const workerConfigSchema = z
  .object({
    /** PostgreSQL URL. Unset: the embedded PGlite database in SVC_DATA_DIR (then this process must be its only user). */
    DATABASE_URL: z.string().url().optional(),
    /** Where the embedded database and its generated encryption key live. */
    SVC_DATA_DIR: z.string().min(1).default('.data'),
    /** 32-byte AES-256-GCM key for personal data at rest (`openssl rand -hex 32`; 64 hex characters or base64). Required with DATABASE_URL. */
    SVC_ENCRYPTION_KEY: encryptionKeySetting,
    /** Simulated provider latency per check, in milliseconds (the demo feels like real providers); 0 for none. */
    SVC_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
    /** > 0: the simulator answers like a provider that takes time: `pending` at once, its result this many ms later (polled). */
    SVC_SIMULATOR_PENDING_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
    /** `1`, with SVC_SIMULATOR_PENDING_MS: the simulator "calls back" when its result is ready instead of being polled. */
    SVC_SIMULATOR_CALLBACKS: switchSetting.transform((value) => value === true),
    /** The providers of live checks, a JSON object by provider name (the docs' Providers guide); the API's must match. */
    SVC_PROVIDERS: providersSetting,
    /**
     * Checks this process runs at the same time: it fetches `check.run` jobs in batches of this many, and each step of a
     * batch is one statement. Providers mostly wait on the network, so this can far exceed the cores; messages are sent
     * at most 16 at a time (each opens its own SMTP connection) and reports are rendered apart (SVC_PDF_PAGES).
     */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(64),
    /** How often an idle worker looks for new jobs, in seconds (>= 0.5). */
    WORKER_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /**
     * How long a check may run before it is presumed lost with its worker (a crash, a kill) and run again elsewhere,
     * in seconds. Applies to jobs enqueued after the worker started (pg-boss queue `expireInSeconds`).
     */
    SVC_CHECK_RUN_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** How often this process looks for expired jobs of crashed workers, in seconds (pg-boss supervision). */
    SVC_JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
    /** On SIGTERM/SIGINT: how long running checks may take to finish before the process stops anyway, in seconds. */
    WORKER_STOP_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
    /** Reports this process renders at the same time (`report.render` jobs, pages of Chromium's pool); one per core is a good start. */
    SVC_PDF_PAGES: z.coerce.number().int().min(1).max(16).default(2),
    /** A report render that takes longer fails and is retried, in milliseconds. */
    SVC_PDF_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /**
     * How long a worker holds the rendering of a report, in seconds: another worker leaves that report alone meanwhile,
     * and a render still running after it (its worker died) runs again. Longer than a render takes (SVC_PDF_RENDER_TIMEOUT_MS).
     */
    SVC_REPORT_RENDER_CLAIM_SECONDS: z.coerce.number().int().min(2).max(3_600).default(120),
    /**
     * Chromium's sandbox: `auto` (default) with it wherever the system allows (not root, unprivileged user namespaces),
     * else without it and a warning in the logs; `on` refuses to print without it; `off` never uses it.
     */
    SVC_CHROMIUM_SANDBOX: z.enum(CHROMIUM_SANDBOX_MODES as [ChromiumSandbox, ...ChromiumSandbox[]]).default('auto'),
    /** The Chromium that prints reports (read by the PDF renderer). Default: Debian's /usr/bin/chromium. */
    CHROMIUM_PATH: z.string().min(1).optional(),
    /**
     * SMTP server of invitation emails, `smtp://user:password@host:587` (STARTTLS required) or `smtps://…:465` (TLS).
     * No query string: nodemailer would read TLS options from it over ours. Unset: emails stay in the outbox.
     */
    SMTP_URL: z
      .string()
      .url()
      .refine((value) => /^smtps?:\/\//i.test(value), 'must be an smtp:// or smtps:// URL')
      .refine(
        (value) => !value.includes('?'),
        'must carry no query string (TLS is required; SVC_SMTP_ALLOW_PLAINTEXT=1 allows an smtp:// server without STARTTLS)',
      )
      .optional(),
    /** `1`: an `smtp://` server that offers no STARTTLS gets the emails in clear. Off: such a server gets nothing. */
    SVC_SMTP_ALLOW_PLAINTEXT: switchSetting.transform((value) => value === true),
    /** Sender address of emails (required with SMTP_URL); the display name is the organisation's or svc's. */
    SVC_MAIL_FROM: z.string().email().optional(),
    /** Port of this worker's `/metrics` (Prometheus text format). Unset: no metrics listener. */
    SVC_WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Address of the metrics listener: loopback unless a scraper on another machine needs it (then firewall it). */
    SVC_WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * `1`: webhooks may go to `http://` URLs and to private, loopback and link-local addresses (a receiver on this
     * machine, in development). Off: HTTPS to public addresses only, checked when each connection opens.
     */
    SVC_WEBHOOK_ALLOW_PRIVATE: switchSetting.transform((value) => value === true),
    /** Webhook deliveries this process has in flight at once. */
    SVC_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
    /** Deliveries to one endpoint in flight at once, across every worker: a slow endpoint holds no more. */
    SVC_WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
    /** A webhook delivery still running after this many seconds is presumed lost with its worker and made again. */
    SVC_WEBHOOK_EXPIRE_SECONDS: z.coerce.number().int().min(11).max(3_600).default(60),
    /** The API's public URL, which notification emails link to (as the API's SVC_PUBLIC_URL). */
    SVC_PUBLIC_URL: z.string().url().optional(),
    /**
     * Test clock for adverse actions: the waiting period between the pre-adverse and the final notice lasts this many
     * seconds instead of the rules table's business days. Only with NODE_ENV=test: never in a real deployment.
     */
    SVC_TEST_WAITING_PERIOD_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** pino log level. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((config) => config.SVC_TEST_WAITING_PERIOD_SECONDS === undefined || config.NODE_ENV === 'test', {
    path: ['SVC_TEST_WAITING_PERIOD_SECONDS'],
    message: 'shortens the legal waiting period of adverse actions: allowed with NODE_ENV=test only',
  })
  .refine((config) => !config.SMTP_URL || config.SVC_MAIL_FROM, {
    path: ['SVC_MAIL_FROM'],
    message: 'is required when SMTP_URL is set (the sender address of emails)',
  });
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(environment: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = workerConfigSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`svc worker: invalid configuration\n${problems}`);
  }
  return parsed.data;
}

/** The worker settings of a configuration (for `startWorker`). */
export function workerSettingsOf(config: WorkerConfig): WorkerSettings {
  return {
    simulatorDelayMs: config.SVC_SIMULATOR_DELAY_MS,
    simulatorPendingMs: config.SVC_SIMULATOR_PENDING_MS,
    simulatorCallbacks: config.SVC_SIMULATOR_CALLBACKS,
    providers: config.SVC_PROVIDERS,
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
    mailFrom: config.SVC_MAIL_FROM ?? DEFAULT_WORKER_SETTINGS.mailFrom,
    messageRetryDelayMaxSeconds: null,
    checkRetryDelayMaxSeconds: null,
    publicUrl: config.SVC_PUBLIC_URL ?? DEFAULT_WORKER_SETTINGS.publicUrl,
    waitingPeriodSeconds: config.SVC_TEST_WAITING_PERIOD_SECONDS ?? null,
    webhooks: {
      ...DEFAULT_WORKER_SETTINGS.webhooks,
      allowPrivate: config.SVC_WEBHOOK_ALLOW_PRIVATE,
      concurrency: config.SVC_WEBHOOK_CONCURRENCY,
      perEndpoint: config.SVC_WEBHOOK_ENDPOINT_CONCURRENCY,
      expireSeconds: config.SVC_WEBHOOK_EXPIRE_SECONDS,
    },
  };
}
