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
  /** Absolute URL clients reach this API at (links in `next`, `report_url`, `onboarding_link`). Unset: from the request. */
  SVC_PUBLIC_URL: z.string().url().optional(),
  /** 32-byte AES-256-GCM key for personal data at rest, as 64 hex characters or base64. Unset with PGlite: generated into SVC_DATA_DIR. */
  SVC_ENCRYPTION_KEY: z.string().min(32).optional(),
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
  /** Largest accepted request body. */
  SVC_BODY_LIMIT: z.string().default('1mb'),
  /** `production` hides development helpers such as /dev/outbox. */
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
