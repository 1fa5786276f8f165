import { CHECK_NAMES, type CheckName } from '@svc/contract';
import type { ProviderRouting } from '@svc/domain';
import { z } from 'zod';
import { parseEncryptionKey } from './crypto/field-encryption.js';

/**
 * Settings the API and the worker read alike from the environment, defined once (each process validates its whole
 * configuration at boot with zod).
 */

/** A switch: `1` on, `0` off; unset leaves the choice to the command (`undefined`). */
export const switchSetting = z
  .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === '1'));

/** `SVC_ENCRYPTION_KEY` is checked at boot like every other variable: canonical, 32 bytes, not a pattern. */
export const encryptionKeySetting = z
  .string()
  .optional()
  .superRefine((value, context) => {
    if (value === undefined) return;
    try {
      parseEncryptionKey(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

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

/**
 * `SVC_PROVIDERS`: the providers of live checks, a JSON object by provider name. Unset: none (live orders are refused,
 * `provider_not_configured`, unless SVC_LIVE_SIMULATION=1). A check is run by one provider at most.
 */
export const providersSetting = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === '') return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object of providers by name' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(
        z
          .string()
          .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'provider names are lower-case letters, digits and dashes')
          .refine((name) => name !== 'simulator', 'simulator is the built-in simulated provider'),
        httpProviderSetting,
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
  for (const [name, provider] of Object.entries(providers))
    for (const check of provider.checks) liveProviders[check] = name;
  return { liveSimulation, liveProviders };
}
