import { createPdfRenderer, startWorker, type Logger, type PdfRenderer, type RunningWorker } from '@svc/worker';
import type { TestApi } from '@svc/api/testing';

let renderer: PdfRenderer | null = null;

/**
 * One PDF renderer for every in-process worker of this test process: launching a Chromium costs about 1.6 CPU-s,
 * more than five report renders (`pnpm bench pdf`), and the test files of a process run one after another. Chromium
 * goes with the process (puppeteer kills it on exit). The worker's own renderer, launched and closed per worker, is
 * what the worker package's tests and the spawned `svc worker` processes of the reliability tests prove.
 */
export const sharedPdfRenderer = (): PdfRenderer => (renderer ??= createPdfRenderer());

/**
 * A worker in this test process on the test API's database and job queue, with its logger (or `logger`): simulated
 * checks answer at once, four at a time, and idle queues are polled every half second. `settings` adds to or
 * overrides those.
 */
export function startTestWorker(
  svc: TestApi,
  settings: Parameters<typeof startWorker>[0]['settings'] = {},
  logger: Logger = svc.api.deps.logger,
): Promise<RunningWorker> {
  return startWorker({
    db: svc.db,
    logger,
    jobs: svc.api.deps.jobs,
    pdf: sharedPdfRenderer(),
    settings: { simulatorDelayMs: 0, concurrency: 4, pollingIntervalSeconds: 0.5, ...settings },
  });
}
