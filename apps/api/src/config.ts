import { encryptionKeySetting, providerRoutingOf, providersSetting, switchSetting } from '@svc/db';
import type { ProviderRouting } from '@svc/domain';
import { z } from 'zod';

/**
 * The configuration of an svc process, read once from the environment at boot and validated: a wrong value stops
 * the process with a message naming the variable, never a surprise later.
 */
const configSchema = z.object({
  /** PostgreSQL URL. Unset: the embedded PGlite database in SVC_DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded database, its generated encryption key and the demo credentials live. */
  SVC_DATA_DIR: z.string().min(1).default('.data'),
  /** TCP port of the API. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Address the API listens on. Unset: every interface for `svc api` (a server behind its proxy), 127.0.0.1 for
   * `svc start` (`npm start`, this machine only).
   */
  HOST: z.string().min(1).optional(),
  /**
   * Absolute URL clients reach this API at: every link the API writes (`next`, `previous`, `report_url`,
   * `onboarding_link`, hosted report links, messages) starts with it. Required with DATABASE_URL, so that no link
   * ever follows a request's `Host` header; unset with the embedded database (`npm start`): from the request.
   */
  SVC_PUBLIC_URL: z.string().url().optional(),
  /** 32-byte AES-256-GCM key for personal data at rest (`openssl rand -hex 32`): 64 hex characters or base64 of 32 random bytes. Unset with PGlite: generated into SVC_DATA_DIR. */
  SVC_ENCRYPTION_KEY: encryptionKeySetting,
  /**
   * `1` serves the development outbox (`/dev/outbox`: every message with its onboarding link, no key) to clients on
   * this machine only. Off unless set (`svc start` turns it on with the embedded database). Refused with
   * DATABASE_URL unless SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE=1 too.
   */
  SVC_DEV_OUTBOX: switchSetting,
  /**
   * `1`: webhook endpoints may have `http://` URLs and point to private, loopback and link-local addresses (a receiver
   * on this machine, in development). Off: `https://` on public addresses only. The worker has the same switch.
   */
  SVC_WEBHOOK_ALLOW_PRIVATE: switchSetting,
  /**
   * `1` runs the simulator for live checks that no provider of SVC_PROVIDERS runs (evaluations only): every such record
   * says `simulated: true` and every page of its report says "SIMULATED — not a real screening". Off unless set (`svc
   * start` turns it on and says so): a live order naming a check without a provider is then 403 `provider_not_configured`.
   */
  SVC_LIVE_SIMULATION: switchSetting,
  /** The providers of live checks, a JSON object by provider name (the docs' Providers guide). Unset: none. */
  SVC_PROVIDERS: providersSetting,
  /** `1` acknowledges serving the development outbox of a PostgreSQL database (a shared, possibly real one). */
  SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE: switchSetting,
  /**
   * `Strict-Transport-Security` max-age in seconds, sent only on requests that came over HTTPS (directly, or through
   * a proxy on this machine that says so with `X-Forwarded-Proto`). 0: never sent.
   */
  SVC_HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  /** Requests per minute per API key, shared by every API process. */
  SVC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  /**
   * Requests per minute per client address to what answers without an API key: the applicant portal (`/apply/…`),
   * hosted report links (`/reports/hosted/…`) and the development outbox. Counted before the request is read, shared
   * by every API process on PostgreSQL. The client address is the peer's, or `X-Forwarded-For` from a proxy on loopback.
   */
  SVC_ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * Failed authentications (401s) per minute per client address: past them the address gets 429 `rate_limited` for the
   * rest of the minute, before its keys are looked up, so guessing keys costs the database nothing.
   */
  SVC_AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Failed logins (HTTP Basic at `/api/v1/authenticate/`) per account in 15 minutes, shared by every API process on
   * PostgreSQL: past them the account answers 429 `rate_limited` whatever the password, until the 15 minutes end.
   * Failures also count per client address (SVC_AUTH_FAILURES_PER_MINUTE).
   */
  SVC_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** How long a session (`POST /api/v1/authenticate/`) lasts unless the request asks for another end, in hours. */
  SVC_SESSION_HOURS: z.coerce.number().min(0.1).max(720).default(10),
  /** How long an OAuth2 access token (`POST /oauth/token`) lasts, in seconds. */
  SVC_OAUTH_TOKEN_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  /**
   * How long a request holds its `Idempotency-Key`, in seconds: a retry arriving later while the first attempt has
   * stored no answer (its API process died) takes the key over instead of waiting for the 24 h to pass.
   */
  SVC_IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /**
   * How long an API process may answer a repeated read of an applicant's record or of a page of applicants from
   * memory, in seconds; 0 turns the cache off. Any committed change of the partner's records drops it at once (see
   * `http/read-cache.ts`); this bounds how late a field computed from the clock (`can_resend_email`) may be.
   */
  SVC_READ_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /**
   * A secret (at least 32 characters) that lets a Prometheus on another machine scrape `/metrics` with
   * `Authorization: Bearer <it>`. Unset: `/metrics` answers requests made on this machine only.
   */
  SVC_METRICS_TOKEN: z.string().min(32).optional(),
  /** Largest accepted request body. */
  SVC_BODY_LIMIT: z.string().default('1mb'),
  /** Conventional; svc decides nothing on it (the outbox is SVC_DEV_OUTBOX's). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`svc: invalid configuration\n${problems}`);
  }
  return parsed.data;
}

const invalid = (problems: string[]): Error =>
  new Error(`svc: invalid configuration\n${problems.map((problem) => `  ${problem}`).join('\n')}`);

const publicUrlProblem = (config: Config): string | null =>
  config.DATABASE_URL && !config.SVC_PUBLIC_URL
    ? 'SVC_PUBLIC_URL: required with DATABASE_URL: the absolute URL clients reach this API at (for example https://svc.example.com); every link the API writes starts with it, never with the Host header of a request'
    : null;

/** What writing links needs beyond each variable's own check: with DATABASE_URL, they never come from a request. */
export function checkPublicUrl(config: Config): void {
  const problem = publicUrlProblem(config);
  if (problem) throw invalid([problem]);
}

/**
 * What serving the API needs beyond each variable's own check, said at boot: with DATABASE_URL (a shared database,
 * most likely real applicants) links never come from a request's `Host`, and the development outbox needs a second,
 * explicit acknowledgement.
 */
export function checkApiConfig(config: Config): void {
  const outboxProblem =
    config.DATABASE_URL && config.SVC_DEV_OUTBOX && !config.SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE
      ? 'SVC_DEV_OUTBOX: refused with DATABASE_URL: the development outbox shows every invitation with its onboarding link, without a key. Unset it, or also set SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE=1 if this database holds no real applicants'
      : null;
  const problems = [publicUrlProblem(config), outboxProblem].filter((problem) => problem !== null);
  if (problems.length) throw invalid(problems);
}

/** Which provider runs each check under this configuration (demo: always the simulator). */
export const providerRoutingOfConfig = (
  config: Pick<Config, 'SVC_PROVIDERS' | 'SVC_LIVE_SIMULATION'>,
): ProviderRouting =>
  providerRoutingOf({ providers: config.SVC_PROVIDERS, liveSimulation: config.SVC_LIVE_SIMULATION === true });
