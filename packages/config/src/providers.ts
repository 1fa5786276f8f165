import { CHECK_NAMES, type CheckName } from '@svc/contract';
import type { ProviderRouting } from '@svc/domain';
import { z } from 'zod';

/** One provider of `SVC_PROVIDERS`: a service speaking svc's HTTP provider protocol (the docs' Providers guide). */
const httpProviderSetting = z
  .object({
    type: z.literal('http'),
    /**
     * Base URL: svc posts checks to `<url>/checks` and asks `<url>/checks/<reference>`. HTTPS: the checks carry
     * personal data; plain `http://` only to this machine (a provider beside svc, or a test's).
     */
    url: z
      .string()
      .url()
      .refine(
        (value) => /^https:\/\//i.test(value) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(value),
        'must be an https:// URL (http:// only to 127.0.0.1, localhost or [::1]): checks carry personal data',
      ),
    /** Shared secret (at least 32 characters): signs svc's requests and the provider's callbacks (HMAC-SHA256). */
    secret: z.string().min(32, 'must be at least 32 characters'),
    /** The checks (names without `request_`) this provider runs for live applications. */
    checks: z.array(z.enum(CHECK_NAMES)).min(1),
    /** How often svc asks about a submitted check, in seconds; 0: never (the provider calls back). */
    poll_interval_seconds: z.number().int().min(0).max(86_400).default(300),
    /** A submitted check unanswered after this many hours times out (FAILED, `provider_timeout`). */
    deadline_hours: z
      .number()
      .min(0.001)
      .max(24 * 90)
      .default(24 * 14),
    /** How long the provider usually takes per check, in hours (for estimated completion times). */
    expected_turnaround_hours: z.record(z.enum(CHECK_NAMES), z.number().min(0)).default({}),
    /** How long one request to the provider may take, in milliseconds. */
    timeout_ms: z.number().int().min(100).max(120_000).default(10_000),
  })
  .strict();
export type HttpProviderSetting = z.infer<typeof httpProviderSetting>;

const matchThresholds = {
  /** A list entry scoring this much or more (0 to 1) is a possible match: the check is REVIEW with the evidence. */
  threshold: z.number().min(0.5).max(1),
  /** Entries scoring up to this much below the threshold are shown as near matches, without changing the outcome. */
  review_band: z.number().min(0).max(0.5),
};

/**
 * The built-in watchlist provider (`@svc/watchlists`): screens against the lists imported with `svc watchlists
 * import`, in live and demo alike, with a threshold and review band for every team or per team.
 */
const watchlistProviderSetting = z
  .object({
    type: z.literal('watchlists'),
    /** The checks it answers: the softcheck's watch-list search. */
    checks: z.array(z.enum(['softcheck'])).min(1),
    threshold: matchThresholds.threshold.default(0.85),
    review_band: matchThresholds.review_band.default(0.1),
    /**
     * How long an applicant stays monitored after the order, in months: each new list version imported meanwhile
     * re-screens the applicant (a new hit is a `watchlist.hit` event). 0: never re-screened. Default 12.
     */
    monitoring_months: z.number().int().min(0).max(120).default(12),
    /** Other thresholds (and monitoring period) for some teams, by team id. */
    teams: z
      .record(
        z.string().uuid(),
        z.object({ ...matchThresholds, monitoring_months: z.number().int().min(0).max(120).optional() }).strict(),
      )
      .default({}),
  })
  .strict();
export type WatchlistProviderSetting = z.infer<typeof watchlistProviderSetting>;

/**
 * The built-in identity provider (`"type": "identity"`): reads the document photo the applicant uploaded, checks it
 * and matches it and the selfie to the applicant, inside the worker (the docs' Identity verification page). When
 * enabled it runs its checks for live and demo records alike: its results are real, never simulated.
 */
const identityProviderSetting = z
  .object({
    type: z.literal('identity'),
    checks: z.array(z.enum(['identity_verification', 'enhanced_identity_verification'])).min(1),
  })
  .strict();
export type IdentityProviderSetting = z.infer<typeof identityProviderSetting>;

/**
 * A setting holding JSON: unset or blank reads as `{}`; text that is not JSON is refused with `message`. Its value is
 * then checked with `.pipe(schema)`.
 */
export const jsonSetting = (message: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return {};
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });

/**
 * `SVC_PROVIDERS`: the providers of live checks, a JSON object by provider name. Unset: none (live orders are refused,
 * `provider_not_configured`, unless SVC_LIVE_SIMULATION=1). A check is run by one provider at most.
 */
export const providersSetting = jsonSetting('must be a JSON object of providers by name').pipe(
  z
    .record(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'provider names are lower-case letters, digits and dashes')
        .refine((name) => name !== 'simulator', 'simulator is the built-in simulated provider'),
      z.discriminatedUnion('type', [httpProviderSetting, watchlistProviderSetting, identityProviderSetting]),
    )
    .superRefine((providers, context) => {
      const servedBy = new Map<string, string>();
      for (const [name, provider] of Object.entries(providers)) {
        for (const check of provider.checks) {
          const other = servedBy.get(check);
          if (other)
            context.addIssue({
              code: 'custom',
              path: [name, 'checks'],
              message: `${check} is run by ${other} already`,
            });
          servedBy.set(check, name);
        }
      }
    }),
);
export type ProvidersSetting = z.infer<typeof providersSetting>;

/** The routing of checks to providers that a configuration gives (the API refuses orders by it, the worker runs by it). */
export function providerRoutingOf({
  providers,
  liveSimulation,
}: {
  providers: ProvidersSetting;
  liveSimulation: boolean;
}): ProviderRouting {
  const liveProviders: Partial<Record<CheckName, string>> = {};
  const demoProviders: Partial<Record<CheckName, string>> = {};
  for (const [name, provider] of Object.entries(providers))
    for (const check of provider.checks) {
      liveProviders[check] = name;
      // Built-in providers run on this machine and send nothing out: demo data may use them too.
      if (provider.type !== 'http') demoProviders[check] = name;
    }
  return { liveSimulation, liveProviders, demoProviders };
}
