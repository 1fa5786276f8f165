import type { Logger } from '@svc/config';
import { type Database, type JobQueue } from '@svc/db';
import { coalesce, fulfilled } from '../jobs/coalesce.js';
import { INTERNAL_ERROR_OUTPUT, type JobLoop, type QueuedJob } from '../jobs/definition.js';
import type { EnqueueWebhookDeliveries } from './delivery.js';
import { fanOutPendingEvents } from './fan-out.js';
import { inJobSpan } from '@svc/db/tracing';

/** Events fanned out per transaction. */
const FAN_OUT_BATCH = 500;

/**
 * The worker's webhook loops.
 * - Fan-out: every `pollMs` (at once again while it finds a full batch), new events become `webhook.deliver` jobs
 *   (`fanOutPendingEvents`).
 * - Delivery: up to `concurrency` deliveries in flight, each settled as it ends (with the others that ended while the
 *   previous completions were being written, in one statement), fetched with pg-boss's `fetch` whenever a slot is free, at most `perEndpoint` of one endpoint at a time across every worker (the jobs'
 *   group is their endpoint; pg-boss `groupConcurrency`). A slow or dead endpoint (10 s timeouts) holds at most
 *   `perEndpoint` slots and never a batch: every other endpoint's deliveries go on in the other slots.
 */
export function startWebhookDispatcher({
  db,
  jobs,
  logger,
  queue,
  enqueue,
  concurrency,
  perEndpoint,
  pollMs,
  handle,
}: {
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  /** The deliveries' queue (`webhook.deliver`), and how its jobs are enqueued. */
  queue: string;
  enqueue: EnqueueWebhookDeliveries;
  concurrency: number;
  perEndpoint: number;
  pollMs: number;
  handle: (job: QueuedJob) => Promise<unknown>;
}): JobLoop {
  let stopping = false;
  const inFlight = new Set<Promise<void>>();
  // Ends the delivery loop's nap early: a slot freed, or the fan-out enqueued deliveries. A wake while the loop is not
  // napping (a slot freed during a fetch) makes it fetch again at once instead of napping.
  const noNap = (): void => undefined;
  let endNap = noNap;
  let woken = false;
  const wake = () => {
    woken = true;
    endNap();
  };
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      endNap = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      endNap = noNap;
    });
  // The deliveries that ended while the previous completions were being written complete in one statement.
  const complete = coalesce(
    async (ids: string[]) => {
      await jobs.complete(queue, ids);
      return fulfilled(ids.map(() => undefined));
    },
    { oneAtATime: true },
  );

  const run = (job: QueuedJob) => {
    const running = inJobSpan(queue, job, () => handle(job))
      .then(
        () => complete(job.id),
        (error: unknown) => {
          logger.error({ err: error, job_id: job.id }, 'webhook.deliver failed: pg-boss retries it');
          return jobs.fail(queue, job.id, INTERNAL_ERROR_OUTPUT);
        },
      )
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, job_id: job.id }, 'webhook.deliver could not be settled'),
      )
      .finally(() => {
        inFlight.delete(running);
        wake();
      });
    inFlight.add(running);
  };

  const deliveries = (async () => {
    while (!stopping) {
      woken = false;
      const free = concurrency - inFlight.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const batch = await jobs.fetch<unknown>(queue, {
            batchSize: free,
            groupConcurrency: perEndpoint,
            includeMetadata: true,
          });
          fetched = batch.length;
          for (const job of batch) run(job as QueuedJob);
        } catch (error) {
          logger.error({ err: error }, 'webhook.deliver fetch failed');
        }
      }
      if (!stopping && !woken && (free === 0 || fetched < free)) await nap(pollMs);
    }
  })();

  const fanOut = (async () => {
    while (!stopping) {
      let taken = 0;
      try {
        taken = await fanOutPendingEvents({ db, enqueue, limit: FAN_OUT_BATCH });
        if (taken > 0) wake();
      } catch (error) {
        logger.error({ err: error }, 'webhook fan-out failed');
      }
      if (!stopping && taken < FAN_OUT_BATCH) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();

  return {
    stop: async () => {
      stopping = true;
      wake();
      await Promise.all([deliveries, fanOut]);
      await Promise.all(inFlight);
    },
  };
}
