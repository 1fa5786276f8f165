import { startWorker, type Logger, type RunningWorker } from '@svc/worker';
import { sharedPdfRenderer } from '@svc/worker/testing';
import type { TestApi } from '@svc/api/testing';

/**
 * A worker in this test process on the test API's database and job queue, with its logger (or `logger`): simulated
 * checks answer at once, four at a time, and idle queues are polled every half second. `settings` adds to or
 * overrides those. `queues`: the queues it takes (a worker by role); every queue when unsaid.
 */
export function startTestWorker(
  svc: TestApi,
  settings: Parameters<typeof startWorker>[0]['settings'] = {},
  logger: Logger = svc.api.deps.logger,
  queues?: Parameters<typeof startWorker>[0]['queues'],
): Promise<RunningWorker> {
  return startWorker({
    db: svc.db,
    logger,
    ...(queues ? { queues } : {}),
    jobs: svc.api.deps.jobs,
    pdf: sharedPdfRenderer(),
    settings: { simulatorDelayMs: 0, concurrency: 4, pollingIntervalSeconds: 0.5, ...settings },
  });
}
