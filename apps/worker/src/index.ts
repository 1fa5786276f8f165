/** `@svc/worker`: the pg-boss consumer that runs checks, finalises applications and prints report PDFs (DESIGN.md sections 1, 6 and 7). */
export { loadWorkerConfig, type WorkerConfig } from './config.js';
export { createLogger, type Logger } from './logger.js';
export {
  outboxEmailTransport,
  smtpEmailTransport,
  type EmailTransport,
  type OutgoingEmail,
} from './delivery/email-transport.js';
export { outboxSmsProvider, type OutgoingSms, type SmsProvider } from './delivery/sms-provider.js';
export {
  createWorker,
  workerContextOf,
  startWorker,
  type RunningWorker,
  type Worker,
  type WorkerOptions,
} from './worker.js';
export {
  DEFAULT_WEBHOOK_SETTINGS,
  DEFAULT_WORKER_SETTINGS,
  workerSettingsOf,
  bootWarningsOf,
  queueSettingsOf,
  type WebhookSettings,
  type WorkerSettings,
} from './settings.js';
export { createWebhookSender, webhookHeaders, WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhooks/send.js';
export { runWorkerProcess } from './process.js';
export { httpProviderAdapter, providerAdaptersOf, simulatorAdapter, type ProviderAdapters } from './providers/index.js';
export {
  CHROMIUM_SANDBOX_MODES,
  chromiumPath,
  createPdfRenderer,
  DEFAULT_CHROMIUM_PATH,
  isPdfRenderError,
  PDF_PAGE_SIZES,
  PdfRenderError,
  type ChromiumSandbox,
  type PdfPageSize,
  type PdfRenderer,
  type PdfRendererOptions,
  type PdfRenderErrorCode,
  type PdfRenderRequest,
} from './pdf/index.js';
export { WatchlistScreener } from './watchlists/screener.js';
