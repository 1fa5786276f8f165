import { z } from 'zod';
import {
  decimal,
  email,
  encryptionKey,
  integer,
  integerFrom,
  oneOf,
  secret,
  switchOn,
  switchOrCommand,
  text,
  url,
  type Kind,
} from './kinds.js';
import { providersSetting } from './providers.js';
import { watchlistFetchSetting } from './watchlist-fetch.js';

/** One environment variable: how it is read, and what README.md's settings table says of it. */
export type Setting<S extends z.ZodTypeAny = z.ZodTypeAny> = {
  readonly schema: S;
  readonly type: string;
  /** The value when unset, as the table shows it; null: unset means what `meaning` says. */
  readonly default: string | null;
  readonly meaning: string;
};

const optional = <S extends z.ZodTypeAny>(kind: Kind<S>, meaning: string): Setting<z.ZodOptional<S>> => ({
  schema: kind.schema.optional(),
  type: kind.type,
  default: null,
  meaning,
});

const withDefault = <S extends z.ZodTypeAny>(
  kind: Kind<S>,
  value: z.input<S> & (string | number),
  meaning: string,
): Setting<z.ZodDefault<S>> => ({
  schema: kind.schema.default(value),
  type: kind.type,
  default: `\`${value}\``,
  meaning,
});

const asIs = <S extends z.ZodTypeAny>(kind: Kind<S>, meaning: string): Setting<S> => ({
  schema: kind.schema,
  type: kind.type,
  default: kind.unset ?? null,
  meaning,
});

export const CHROMIUM_SANDBOX_MODES = ['auto', 'on', 'off'] as const;
export type ChromiumSandbox = (typeof CHROMIUM_SANDBOX_MODES)[number];

/** OpenTelemetry's resource detectors that call no network address. */
export const RESOURCE_DETECTORS = ['env', 'host', 'os', 'process'] as const;

const resourceDetectors: Kind<z.ZodEffects<z.ZodString>> = {
  schema: z.string().refine(
    (value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .every((name) => (RESOURCE_DETECTORS as readonly string[]).includes(name)),
    `may name only ${RESOURCE_DETECTORS.join(', ')} (the cloud detectors call metadata addresses)`,
  ),
  type: 'comma-separated list',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const smtpUrl: Kind<z.ZodEffects<z.ZodEffects<z.ZodString>>> = {
  schema: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//i.test(value), 'must be an smtp:// or smtps:// URL')
    .refine(
      (value) => !value.includes('?'),
      'must carry no query string (TLS is required; SVC_SMTP_ALLOW_PLAINTEXT=1 allows an smtp:// server without STARTTLS)',
    ),
  type: 'URL',
};

/**
 * Every environment variable an svc process reads, declared once: its type, its default and what it means. Each
 * process reads the ones its list names (`API_SETTINGS`, `WORKER_SETTINGS`); README.md's settings table is made from
 * this (`pnpm --filter @svc/config readme`, checked by `test/readme.test.ts`).
 */
export const SETTINGS = {
  DATABASE_URL: optional(
    url,
    'PostgreSQL URL. Unset: the embedded database in `SVC_DATA_DIR` (then one process, `svc start`, uses it).',
  ),
  SVC_DIRECT_DATABASE_URL: optional(
    url,
    'When `DATABASE_URL` goes through a transaction-mode pooler (PgBouncer): a direct URL to the same database. Migrations, the job queue’s maintenance and its `LISTEN` use it, and no named statement goes through the pooler (README: “Behind a connection pooler”).',
  ),
  SVC_DATA_DIR: withDefault(
    text,
    '.data',
    'Where the embedded database, its generated encryption key and the demo credentials live.',
  ),
  SVC_ENCRYPTION_KEY: asIs(
    encryptionKey,
    'The AES-256-GCM key of personal data at rest (`openssl rand -hex 32`; a repeated, counting or text pattern is refused). Required with `DATABASE_URL`; unset with the embedded database: generated into `SVC_DATA_DIR`. New values are always sealed with it; the signing key of short-lived tokens and the key of the applicants’ blind indexes are derived from it.',
  ),
  SVC_ENCRYPTION_KEY_PREVIOUS: asIs(
    encryptionKey,
    'During a key rotation only: the key `SVC_ENCRYPTION_KEY` replaces. Values it sealed are still read, tokens it signed still verify and list filters still find applicants indexed under it, until `svc encryption rotate` has re-sealed and re-indexed everything under `SVC_ENCRYPTION_KEY`; then remove it (README: “Rotating the encryption key”).',
  ),
  SVC_STORAGE: withDefault(
    oneOf(['postgres', 's3']),
    'postgres',
    'Where files live (report PDFs, adverse-action notices, the applicant’s uploads: identity document, selfie): `postgres` in the database, `s3` in the S3-compatible bucket `SVC_S3_BUCKET`, each sealed before it leaves the process (AES-256-GCM with `SVC_ENCRYPTION_KEY`, the object key as associated data): the bucket holds only ciphertext. `svc storage migrate --to s3|postgres` moves existing files (README: “Object storage”).',
  ),
  SVC_S3_ENDPOINT: optional(
    url,
    'With `SVC_STORAGE=s3`: the S3 endpoint (`https://s3.example.com`; Ceph’s radosgw, MinIO…), addressed path-style (`/<bucket>/<key>`). Unset: AWS’s endpoint of `SVC_S3_REGION`, virtual-hosted style.',
  ),
  SVC_S3_REGION: withDefault(text, 'us-east-1', 'With `SVC_STORAGE=s3`: the region requests are signed for.'),
  SVC_S3_BUCKET: optional(text, 'With `SVC_STORAGE=s3` (required): the bucket, which must exist.'),
  SVC_S3_ACCESS_KEY_ID: optional(text, 'With `SVC_STORAGE=s3` (required): the access key id requests are signed with.'),
  SVC_S3_SECRET_ACCESS_KEY: optional(
    text,
    'With `SVC_STORAGE=s3` (required): the secret access key. Checked at boot: a key the bucket refuses stops the process with a message naming it.',
  ),
  SVC_PUBLIC_URL: optional(
    url,
    'The absolute URL clients reach the API at: every link the API writes (`next`, `report_url`, onboarding and hosted report links, messages) starts with it. Required by the API with `DATABASE_URL`, so that no link follows a request’s `Host`; unset with the embedded database: from the request (the worker’s emails: `http://localhost:3000`).',
  ),
  PORT: withDefault(integer(0, 65535), 3000, 'TCP port of the API.'),
  HOST: optional(
    text,
    'Address the API listens on. Unset: every interface (`::`) for `svc api`, 127.0.0.1 for `svc start`; `0.0.0.0` is every IPv4 interface only.',
  ),
  SVC_DEV_OUTBOX: asIs(
    switchOrCommand,
    '`1` serves the development outbox (`/dev/outbox`: every message with its onboarding link, no key) to this machine only. Unset: on for `svc start` with the embedded database, else off. Refused with `DATABASE_URL` unless `SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE=1`.',
  ),
  SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE: asIs(
    switchOn,
    '`1` acknowledges serving the development outbox of a PostgreSQL database (a shared, possibly real one).',
  ),
  SVC_LIVE_SIMULATION: asIs(
    switchOrCommand,
    '`1` runs the simulator for live checks no provider of `SVC_PROVIDERS` runs (evaluations only): every such record says `simulated: true` and every report page says so. Unset: on for `svc start` with the embedded database, else off; off, such a live order is 403 `provider_not_configured`.',
  ),
  SVC_PROVIDERS: asIs(
    { schema: providersSetting, type: 'JSON object', unset: 'none' },
    'The providers of live checks, by name (the docs’ Providers guide). The API and every worker need the same value. Unset: none.',
  ),
  SVC_WATCHLIST_FETCH: asIs(
    { schema: watchlistFetchSetting, type: 'JSON object', unset: 'none' },
    'Lists the workers download and import on `SVC_WATCHLIST_FETCH_SCHEDULE`: a URL by list source (`{"ofac_sdn":"https://…/sdn.xml"}`; for `ofac_sdn_csv`, `{"url":…,"aliases_url":…}`), reachable from your network. A download that cannot be read whole is refused and the version in force stays. Unset: none (`svc watchlists import` by hand).',
  ),
  SVC_WATCHLIST_FETCH_SCHEDULE: withDefault(
    text,
    '0 4 * * *',
    'When the workers download the lists of `SVC_WATCHLIST_FETCH` (cron, UTC; one download per occurrence, whatever the number of workers).',
  ),
  SVC_WEBHOOK_ALLOW_PRIVATE: asIs(
    switchOrCommand,
    '`1`: webhook endpoints may use `http://` and private, loopback and link-local addresses (a receiver on this machine, in development); both processes warn at boot. Off: `https://` to public addresses only, checked when each connection opens. Unset: on for `svc start` with the embedded database, else off. Credentials in a webhook URL are refused either way.',
  ),
  SVC_HSTS_MAX_AGE: withDefault(
    integer(0, 63_072_000),
    31_536_000,
    '`Strict-Transport-Security` max-age in seconds, sent only on requests that came over HTTPS (directly, or as a proxy on this machine says with `X-Forwarded-Proto`). 0: never sent.',
  ),
  SVC_RATE_LIMIT_PER_MINUTE: withDefault(
    integerFrom(1),
    240,
    'Requests per minute per API key, shared by every API process: a bucket of this many requests, refilled continuously at this many a minute.',
  ),
  SVC_ADDRESS_LIMIT_PER_MINUTE: withDefault(
    integerFrom(1),
    120,
    'Requests per minute per client address to what answers without a key: the applicant portal, hosted report links and the development outbox. The address is the peer’s, or `X-Forwarded-For` from a proxy on loopback.',
  ),
  SVC_AUTH_FAILURES_PER_MINUTE: withDefault(
    integerFrom(1),
    30,
    'Failed authentications (401s) per minute per client address; past them the address gets 429 for the rest of the minute, before its keys are looked up.',
  ),
  SVC_LOGIN_FAILURES_PER_ACCOUNT: withDefault(
    integerFrom(1),
    10,
    'Failed password logins per email and client address in 15 minutes, shared by every API process: past them that email from that address gets 429 whatever the password until the 15 minutes end; from another address the right password still signs in.',
  ),
  SVC_SESSION_HOURS: withDefault(
    decimal(0.1, 720),
    10,
    'How long a session (`POST /api/v1/authenticate/`) lasts unless the request asks for another end, in hours.',
  ),
  SVC_OAUTH_TOKEN_SECONDS: withDefault(
    integer(60, 86_400),
    3_600,
    'How long an OAuth2 access token (`POST /oauth/token`) lasts, in seconds.',
  ),
  SVC_IDEMPOTENCY_LEASE_SECONDS: withDefault(
    integer(1, 3_600),
    30,
    'How long a request holds its `Idempotency-Key`, in seconds: a retry arriving later while the first attempt stored no answer (its process died) takes the key over.',
  ),
  SVC_READ_CACHE_SECONDS: withDefault(
    decimal(0, 60),
    2,
    'How long an API process may answer a repeated read of a record or of a page of applicants from memory, in seconds; 0 turns the cache off. Any committed change of the partner’s records drops it at once; this bounds how late a field computed from the clock may be.',
  ),
  SVC_PRINCIPAL_CACHE_SECONDS: withDefault(
    decimal(0, 60),
    4,
    'How long an API process remembers what a key, session or token grants, in seconds: the process that revokes one refuses it at once, every other API process within this time.',
  ),
  SVC_METRICS_TOKEN: optional(
    secret,
    'Lets a Prometheus on another machine scrape `/metrics` with `Authorization: Bearer <it>`. Unset: `/metrics` answers this machine only.',
  ),
  SVC_BODY_LIMIT: withDefault(
    text,
    '1mb',
    'Largest accepted request body (`1mb`, `512kb`); a larger one is 413 `payload_too_large`.',
  ),
  SVC_SIMULATOR_DELAY_MS: withDefault(
    integer(0, 60_000),
    300,
    'Simulated provider latency per check, in milliseconds (the demo feels like real providers); 0 for none.',
  ),
  SVC_SIMULATOR_PENDING_MS: withDefault(
    integer(0, 86_400_000),
    0,
    'Above 0: the simulator answers like a provider that takes time, `pending` at once and its result this many milliseconds later (polled).',
  ),
  SVC_SIMULATOR_CALLBACKS: asIs(
    switchOn,
    '`1`, with `SVC_SIMULATOR_PENDING_MS`: the simulator calls back when its result is ready instead of being polled.',
  ),
  WORKER_CONCURRENCY: withDefault(
    integer(1, 100),
    64,
    'Checks a worker runs at the same time: it fetches `check.run` jobs in batches of this many, each step of a batch one statement. Providers mostly wait on the network, so this can far exceed the cores.',
  ),
  WORKER_POLLING_INTERVAL_SECONDS: withDefault(
    decimal(0.5, 60),
    2,
    'How often an idle worker looks for new jobs, in seconds.',
  ),
  SVC_WORKER_NICENESS: withDefault(
    integer(0, 19),
    0,
    'How much lower `svc worker` and its Chromium run on the CPU than the process that started them (Unix niceness added at start, at most 19). `10` where a worker shares its machine with an API or PostgreSQL: a busy worker leaves them the cores first, so the API answers quickly. Chromium keeps it only when the worker does not run as root (root lets Chromium raise its own threads).',
  ),
  SVC_CHECK_RUN_EXPIRE_SECONDS: withDefault(
    integer(1, 86_400),
    300,
    'How long a check may run before it is presumed lost with its worker and run again elsewhere, in seconds (jobs enqueued after the worker started).',
  ),
  SVC_JOB_SUPERVISE_INTERVAL_SECONDS: withDefault(
    integer(1, 3_600),
    60,
    'How often a worker looks for expired jobs of crashed workers, in seconds.',
  ),
  WORKER_STOP_GRACE_SECONDS: withDefault(
    decimal(0, 600),
    20,
    'On SIGTERM or SIGINT: how long running checks may take to finish before the worker stops anyway, in seconds.',
  ),
  SVC_APPLICANT_CHANGES_RETENTION_DAYS: withDefault(
    integer(0, 3_650),
    7,
    'The applicant change feed (`GET /api/v1/applicants/changes/`): the retention job deletes a change of an applicant once a later change of the same applicant is this many days old. The feed answers each applicant as it is now, so no cursor goes stale and reading it from the beginning still gives every applicant; the table keeps one row per applicant plus these days’ changes (the Syncing applicants guide).',
  ),
  SVC_PDF_PAGES: withDefault(
    integer(1, 16),
    2,
    'Reports a worker renders at the same time (pages of its Chromium); one per core is a good start. It runs twice as many `report.render` jobs at once, so that reading and storing reports overlaps printing.',
  ),
  SVC_PDF_RENDER_TIMEOUT_MS: withDefault(
    integer(1_000, 600_000),
    30_000,
    'A report render that takes longer fails and is retried, in milliseconds; each retry of a render that timed out gets twice the time of the try before, up to three times this (keep `SVC_REPORT_RENDER_CLAIM_SECONDS` above that).',
  ),
  SVC_REPORT_RENDER_CLAIM_SECONDS: withDefault(
    integer(2, 3_600),
    120,
    'How long a worker holds the rendering of a report, in seconds: a render still running after it (its worker died) runs again. Longer than a render takes.',
  ),
  SVC_CHROMIUM_SANDBOX: withDefault(
    oneOf(CHROMIUM_SANDBOX_MODES),
    'auto',
    'Chromium’s sandbox: `auto` with it wherever the system allows (not root, unprivileged user namespaces), else without it and a warning; `on` refuses to print without it; `off` never uses it.',
  ),
  CHROMIUM_PATH: withDefault(text, '/usr/bin/chromium', 'The Chromium that prints reports.'),
  SVC_TESSDATA: withDefault(
    text,
    '/usr/share/tesseract-ocr/5/tessdata',
    'The folder holding the OCR\'s `eng.traineddata` (Debian\'s `tesseract-ocr-eng`), read by the built-in identity provider (`"type": "identity"`) to read passports\' and ID cards\' machine-readable zones. Read from disk only, never downloaded.',
  ),
  SMTP_URL: optional(
    smtpUrl,
    'SMTP server of emails: `smtps://user:password@host:465` (TLS) or `smtp://…:587` (STARTTLS required); no query string. Unset: emails stay in the outbox.',
  ),
  SVC_SMTP_ALLOW_PLAINTEXT: asIs(
    switchOn,
    '`1`: an `smtp://` server that offers no STARTTLS gets the emails in clear. Off: such a server gets nothing.',
  ),
  SVC_MAIL_FROM: optional(
    email,
    'Sender address of emails (required with `SMTP_URL`); the display name is the organisation’s or svc’s.',
  ),
  SVC_WORKER_METRICS_PORT: optional(
    integer(0, 65535),
    'Port of the worker’s `/metrics` (Prometheus text format). Unset: no metrics listener.',
  ),
  SVC_WORKER_METRICS_HOST: withDefault(
    text,
    '127.0.0.1',
    'Address of the worker’s metrics listener: loopback unless a scraper on another machine needs it (then firewall it).',
  ),
  SVC_WEBHOOK_CONCURRENCY: withDefault(integer(1, 1_000), 64, 'Webhook deliveries a worker has in flight at once.'),
  SVC_WEBHOOK_ENDPOINT_CONCURRENCY: withDefault(
    integer(1, 100),
    8,
    'Deliveries to one endpoint in flight at once, across every worker: a slow endpoint holds no more.',
  ),
  SVC_WEBHOOK_EXPIRE_SECONDS: withDefault(
    integer(11, 3_600),
    60,
    'A webhook delivery still running after this many seconds is presumed lost with its worker and made again.',
  ),
  SVC_TEST_WAITING_PERIOD_SECONDS: optional(
    integer(1, 86_400),
    'Tests only, with `NODE_ENV=test` (refused otherwise): an adverse action’s waiting period lasts this many seconds instead of its business days.',
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(
    url,
    'Turns traces on (OpenTelemetry, off by default): the OTLP/HTTP collector spans are exported to (`http://127.0.0.1:4318`), with the standard `OTEL_*` variables (`OTEL_EXPORTER_OTLP_PROTOCOL`, `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_BSP_SCHEDULE_DELAY`…). Spans of HTTP, PostgreSQL, jobs, webhook deliveries and provider calls; no personal data (README: “Traces”).',
  ),
  OTEL_SERVICE_NAME: optional(
    text,
    'With traces on: the service name of the spans. Unset: `svc-<command>` (`svc-api`, `svc-worker`, `svc-start`).',
  ),
  OTEL_NODE_RESOURCE_DETECTORS: withDefault(
    resourceDetectors,
    'env,host,os,process',
    'With traces on: the resource detectors, among `env`, `host`, `os` and `process` only (the cloud ones call metadata addresses: refused).',
  ),
  NODE_ENV: withDefault(
    oneOf(['development', 'production', 'test']),
    'development',
    'Conventional; svc decides nothing on it (but allows `SVC_TEST_WAITING_PERIOD_SECONDS` with `test`).',
  ),
  LOG_LEVEL: withDefault(oneOf(LOG_LEVELS), 'info', 'pino log level.'),
} as const;

export type SettingName = keyof typeof SETTINGS;
