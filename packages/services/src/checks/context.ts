import type { ProviderAdapter } from '@svc/domain';
import type { BaseJobContext } from '../jobs/definition.js';
import type { CheckRunSteps } from './steps.js';

/** The adapters of a worker by name: the simulator, and each provider of `SVC_PROVIDERS` (HTTP or built in). */
export type ProviderAdapters = ReadonlyMap<string, ProviderAdapter>;

/** What running checks needs from the worker. */
export type CheckRunContext = BaseJobContext & {
  /** The provider adapters by name: each check runs through the one it was ordered with. */
  providers: ProviderAdapters;
  /** The process's check-run steps (`checkRunSteps`), shared by every job so that a batch's calls merge. */
  checkRunSteps: CheckRunSteps;
  /** Counts each run by check type and outcome (`/metrics`). */
  metrics?: { checkRun(labels: { check: string; outcome: string }, seconds: number): void } | undefined;
};
