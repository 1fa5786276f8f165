/** `@svc/worker`: the pg-boss consumer that runs checks and finalises applications (DESIGN.md sections 1 and 6). */
export { runCheckRunJob, type CheckRunContext, type CheckRunJob, type CheckRunJobOutcome } from './check-run-job.js';
export { loadWorkerConfig, workerSettingsOf, type WorkerConfig } from './config.js';
export { createLogger, type Logger } from './logger.js';
export {
  configureCheckRunQueue,
  createWorker,
  DEFAULT_WORKER_SETTINGS,
  startWorker,
  type CheckRunQueuePolicy,
  type JobQueue,
  type RunningWorker,
  type Worker,
  type WorkerOptions,
  type WorkerSettings,
} from './worker.js';
export { runWorkerProcess } from './process.js';
