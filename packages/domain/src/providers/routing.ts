import { checkNameOf, type CheckName, type RequestFlag } from '@svc/contract';

/** The name of the built-in simulated provider: every check in demo, and in live only with live simulation on. */
export const SIMULATOR_PROVIDER = 'simulator';

/** Where a record lives: demo data always runs the simulator, live data the providers configured for it. */
export type ProviderEnvironment = 'live' | 'demo';

/**
 * Which provider serves each check, per environment (the operator's configuration, `SVC_PROVIDERS` and
 * `SVC_LIVE_SIMULATION`). `liveProviders` maps a check to the configured provider serving it in live.
 */
export type ProviderRouting = {
  /** `SVC_LIVE_SIMULATION=1`: live checks without a configured provider run the simulator (evaluations only). */
  readonly liveSimulation: boolean;
  readonly liveProviders: Readonly<Partial<Record<CheckName, string>>>;
  /** The built-in providers that serve demo checks too (the watchlist provider); other demo checks run the simulator. */
  readonly demoProviders: Readonly<Partial<Record<CheckName, string>>>;
};

/** Demo only: the routing of a process with no provider configured and live simulation off (the default). */
export const NO_LIVE_PROVIDERS: ProviderRouting = { liveSimulation: false, liveProviders: {}, demoProviders: {} };

/**
 * The provider that runs `checkName` for a record of `environment`: in demo a built-in provider configured for it,
 * else the simulator; in live the configured provider, else the simulator when live simulation is on, else null (the
 * order is refused).
 */
export function providerFor(routing: ProviderRouting, environment: ProviderEnvironment, checkName: CheckName) {
  if (environment === 'demo') return routing.demoProviders[checkName] ?? SIMULATOR_PROVIDER;
  return routing.liveProviders[checkName] ?? (routing.liveSimulation ? SIMULATOR_PROVIDER : null);
}

/** The flags of an order that no provider serves in `environment` (each gets its own `errors[]` entry). */
export function flagsWithoutProvider(
  routing: ProviderRouting,
  environment: ProviderEnvironment,
  flags: readonly RequestFlag[],
): RequestFlag[] {
  return flags.filter((flag) => providerFor(routing, environment, checkNameOf(flag)) === null);
}

/** Whether a result of `provider` was made up by the simulator. */
export const isSimulatedProvider = (provider: string): boolean => provider === SIMULATOR_PROVIDER;

/**
 * What kind of provider runs `checkName` for a record of `environment` (null when none does): the simulator, a
 * built-in provider (it runs inside svc, on real data: the ones demo records may use too), or one the operator
 * connected over HTTP.
 */
export function providerKindFor(
  routing: ProviderRouting,
  environment: ProviderEnvironment,
  checkName: CheckName,
): { name: string; kind: 'simulated' | 'built_in' | 'configured' } | null {
  const name = providerFor(routing, environment, checkName);
  if (name === null) return null;
  if (isSimulatedProvider(name)) return { name, kind: 'simulated' };
  return { name, kind: routing.demoProviders[checkName] === name ? 'built_in' : 'configured' };
}
