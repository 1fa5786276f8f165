// Which process reads which settings (SETTINGS, settings.ts), what must hold between them, and reading them at boot.
import { z } from 'zod';
import { parseEncryptionKey } from './encryption-key.js';
import { SETTINGS, type SettingName } from './settings.js';

/** Where files live: read by every process that stores or serves one. */
const STORAGE_SETTING_NAMES = [
  'SVC_STORAGE',
  'SVC_S3_ENDPOINT',
  'SVC_S3_REGION',
  'SVC_S3_BUCKET',
  'SVC_S3_ACCESS_KEY_ID',
  'SVC_S3_SECRET_ACCESS_KEY',
] as const satisfies readonly SettingName[];

/** The database, the keys that seal its data, and where files live: read by the API and the worker alike. */
const DATA_SETTING_NAMES = [
  'DATABASE_URL',
  'SVC_DIRECT_DATABASE_URL',
  'SVC_DATA_DIR',
  'SVC_ENCRYPTION_KEY',
  'SVC_ENCRYPTION_KEY_PREVIOUS',
  ...STORAGE_SETTING_NAMES,
] as const satisfies readonly SettingName[];

/** What the API (`svc api`, and `svc start`'s API) reads. */
export const API_SETTINGS = [
  ...DATA_SETTING_NAMES,
  'SVC_PUBLIC_URL',
  'PORT',
  'HOST',
  'SVC_DEV_OUTBOX',
  'SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE',
  'SVC_LIVE_SIMULATION',
  'SVC_PROVIDERS',
  'SVC_WEBHOOK_ALLOW_PRIVATE',
  'SVC_HSTS_MAX_AGE',
  'SVC_RATE_LIMIT_PER_MINUTE',
  'SVC_ADDRESS_LIMIT_PER_MINUTE',
  'SVC_AUTH_FAILURES_PER_MINUTE',
  'SVC_LOGIN_FAILURES_PER_ACCOUNT',
  'SVC_SESSION_HOURS',
  'SVC_OAUTH_TOKEN_SECONDS',
  'SVC_IDEMPOTENCY_LEASE_SECONDS',
  'SVC_READ_CACHE_SECONDS',
  'SVC_PRINCIPAL_CACHE_SECONDS',
  'SVC_METRICS_TOKEN',
  'SVC_BODY_LIMIT',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'OTEL_NODE_RESOURCE_DETECTORS',
  'NODE_ENV',
  'LOG_LEVEL',
] as const satisfies readonly SettingName[];

/** What a worker (`svc worker`, and `svc start`'s worker) reads. */
export const WORKER_SETTINGS = [
  ...DATA_SETTING_NAMES,
  'SVC_PUBLIC_URL',
  'SVC_PROVIDERS',
  'SVC_WATCHLIST_FETCH',
  'SVC_WATCHLIST_FETCH_SCHEDULE',
  'SVC_WEBHOOK_ALLOW_PRIVATE',
  'SVC_SIMULATOR_DELAY_MS',
  'SVC_SIMULATOR_PENDING_MS',
  'SVC_SIMULATOR_CALLBACKS',
  'WORKER_CONCURRENCY',
  'WORKER_POLLING_INTERVAL_SECONDS',
  'SVC_WORKER_NICENESS',
  'SVC_CHECK_RUN_EXPIRE_SECONDS',
  'SVC_JOB_SUPERVISE_INTERVAL_SECONDS',
  'WORKER_STOP_GRACE_SECONDS',
  'SVC_APPLICANT_CHANGES_RETENTION_DAYS',
  'SVC_PDF_PAGES',
  'SVC_PDF_RENDER_TIMEOUT_MS',
  'SVC_REPORT_RENDER_CLAIM_SECONDS',
  'SVC_CHROMIUM_SANDBOX',
  'CHROMIUM_PATH',
  'SVC_TESSDATA',
  'SMTP_URL',
  'SVC_SMTP_ALLOW_PLAINTEXT',
  'SVC_MAIL_FROM',
  'SVC_WORKER_METRICS_PORT',
  'SVC_WORKER_METRICS_HOST',
  'SVC_WEBHOOK_CONCURRENCY',
  'SVC_WEBHOOK_ENDPOINT_CONCURRENCY',
  'SVC_WEBHOOK_EXPIRE_SECONDS',
  'SVC_TEST_WAITING_PERIOD_SECONDS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'OTEL_NODE_RESOURCE_DETECTORS',
  'NODE_ENV',
  'LOG_LEVEL',
] as const satisfies readonly SettingName[];

type SchemaOf<N extends SettingName> = z.ZodObject<{ [K in N]: (typeof SETTINGS)[K]['schema'] }>;

/** The zod object of the named settings. */
export function settingsSchema<const N extends SettingName>(names: readonly N[]): SchemaOf<N> {
  return z.object(Object.fromEntries(names.map((name) => [name, SETTINGS[name].schema]))) as unknown as SchemaOf<N>;
}

/** What the storage settings need of each other (`SVC_STORAGE=s3` needs a bucket and a key). */
const storageSettingsComplete = (config: {
  SVC_STORAGE: 'postgres' | 's3';
  SVC_S3_BUCKET?: string | undefined;
  SVC_S3_ACCESS_KEY_ID?: string | undefined;
  SVC_S3_SECRET_ACCESS_KEY?: string | undefined;
}) =>
  config.SVC_STORAGE !== 's3' ||
  Boolean(config.SVC_S3_BUCKET && config.SVC_S3_ACCESS_KEY_ID && config.SVC_S3_SECRET_ACCESS_KEY);
/** A previous key equal to the current one is a mistake in the rotation (the new key was not set). */
const previousKeyDiffers = (config: {
  SVC_ENCRYPTION_KEY?: string | undefined;
  SVC_ENCRYPTION_KEY_PREVIOUS?: string | undefined;
}): boolean => {
  if (!config.SVC_ENCRYPTION_KEY || !config.SVC_ENCRYPTION_KEY_PREVIOUS) return true;
  try {
    return !parseEncryptionKey(config.SVC_ENCRYPTION_KEY).equals(
      parseEncryptionKey(config.SVC_ENCRYPTION_KEY_PREVIOUS),
    );
  } catch {
    return true; // a malformed key is refused by its own setting
  }
};
const PREVIOUS_KEY_MESSAGE = {
  path: ['SVC_ENCRYPTION_KEY_PREVIOUS'],
  message: 'is the same key as SVC_ENCRYPTION_KEY: set SVC_ENCRYPTION_KEY to the new key, this one to the old',
};
const STORAGE_SETTINGS_MESSAGE = {
  path: ['SVC_STORAGE'],
  message: '`s3` needs SVC_S3_BUCKET, SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY',
};

/** The API's configuration: what it reads, validated. */
export const apiConfigSchema = settingsSchema(API_SETTINGS)
  .refine(storageSettingsComplete, STORAGE_SETTINGS_MESSAGE)
  .refine(previousKeyDiffers, PREVIOUS_KEY_MESSAGE);
export type Config = z.infer<typeof apiConfigSchema>;

/** A worker's configuration, with what holds between its variables. */
export const workerConfigSchema = settingsSchema(WORKER_SETTINGS)
  .refine(storageSettingsComplete, STORAGE_SETTINGS_MESSAGE)
  .refine(previousKeyDiffers, PREVIOUS_KEY_MESSAGE)
  .refine((config) => config.SVC_TEST_WAITING_PERIOD_SECONDS === undefined || config.NODE_ENV === 'test', {
    path: ['SVC_TEST_WAITING_PERIOD_SECONDS'],
    message: 'shortens the legal waiting period of adverse actions: allowed with NODE_ENV=test only',
  })
  .refine((config) => !config.SMTP_URL || config.SVC_MAIL_FROM, {
    path: ['SVC_MAIL_FROM'],
    message: 'is required when SMTP_URL is set (the sender address of emails)',
  });
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

/**
 * The configuration a process reads from `environment`, validated at boot: a wrong value stops the process with a
 * message naming each variable and what is wrong with it, never a surprise later.
 */
export function loadSettings<S extends z.ZodTypeAny>(
  schema: S,
  { process, environment }: { process: string; environment: NodeJS.ProcessEnv },
): z.infer<S> {
  const parsed = schema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`${process}: invalid configuration\n${problems}`);
  }
  return parsed.data as z.infer<S>;
}
