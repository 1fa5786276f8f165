import { startWorker, type RunningWorker, type WorkerSettings } from '@svc/worker';
import type { TestApi } from '@svc/api/testing';

/**
 * A worker in this test process on the test API's database and job queue, with its logger: simulated checks answer
 * at once, four at a time, and idle queues are polled every half second. `settings` adds to or overrides those.
 */
export function startTestWorker(svc: TestApi, settings: Partial<WorkerSettings> = {}): Promise<RunningWorker> {
  return startWorker({
    db: svc.db,
    logger: svc.api.deps.logger,
    jobs: svc.api.deps.jobs,
    settings: { simulatorDelayMs: 0, concurrency: 4, pollingIntervalSeconds: 0.5, ...settings },
  });
}
