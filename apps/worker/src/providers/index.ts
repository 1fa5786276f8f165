import type { ProvidersSetting } from '@svc/db';
import type { ProviderAdapter } from '@svc/domain';
import { httpProviderAdapter } from './http.js';
import { simulatorAdapter } from './simulator.js';

export { httpProviderAdapter } from './http.js';
export { simulatorAdapter } from './simulator.js';

/** The adapters of a worker by name: the simulator, and each provider of `SVC_PROVIDERS`. */
export type ProviderAdapters = ReadonlyMap<string, ProviderAdapter>;

export function providerAdaptersOf({
  providers,
  simulator,
}: {
  providers: ProvidersSetting;
  simulator: { delayMs: number; pendingMs: number; callbacks: boolean };
}): ProviderAdapters {
  const adapters = new Map<string, ProviderAdapter>();
  const simulated = simulatorAdapter(simulator);
  adapters.set(simulated.name, simulated);
  for (const [name, setting] of Object.entries(providers)) adapters.set(name, httpProviderAdapter(name, setting));
  return adapters;
}
