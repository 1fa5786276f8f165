import type { InformationInput } from '@svc/contract';
import type { ProviderAdapter, ProviderCheckRequest, SimulatorLocation } from '@svc/domain';
import type { CheckRun } from './check-run.js';

/** What a provider is asked to check for a run. */
export function providerRequestOf(run: CheckRun, now: Date): ProviderCheckRequest {
  return {
    checkId: run.checkExecutionId,
    checkName: run.checkName,
    teamId: run.teamId,
    attempt: run.attempt,
    information: run.information as InformationInput,
    location: (run.location ?? { country: run.country, province_state: '' }) as SimulatorLocation,
    retries: run.retries,
    collectedDocuments: run.collectedDocuments,
    requestedCountries: run.requestedCountries,
    now,
  };
}

/** When a pending check is next asked about: after the poll interval, and at its deadline at the latest. */
export function nextPollAt(adapter: ProviderAdapter, now: Date, deadline: Date): Date {
  const next = adapter.pollIntervalMs > 0 ? now.getTime() + adapter.pollIntervalMs : deadline.getTime();
  return new Date(Math.min(next, deadline.getTime()));
}
