import { loadSettings, workerConfigSchema, type WorkerConfig } from '@svc/config';

export type { WorkerConfig };

/** A worker's configuration (`pnpm svc worker`), read once from the environment at boot and validated. */
export function loadWorkerConfig(environment: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return loadSettings(workerConfigSchema, { process: 'svc worker', environment });
}
