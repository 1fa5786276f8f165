import { apiConfigSchema, loadSettings, providerRoutingOf, type Config } from '@svc/config';
import type { ProviderRouting } from '@svc/domain';

export type { Config };

/** The API's configuration, read once from the environment at boot and validated (`@svc/config` declares each variable). */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  return loadSettings(apiConfigSchema, { process: 'svc', environment });
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
