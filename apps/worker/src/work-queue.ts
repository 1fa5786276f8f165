import type { JobQueue } from '@svc/db';
import type { JobLoop, QueueName, QueuedJob } from '@svc/services';
import { inJobSpan } from '@svc/db/tracing';
import type { JobResult } from 'pg-boss';

/**
 * Runs `handle` on the jobs of `queue`: one poller fetching up to `concurrency` jobs at a time, run side by side and
 * settled one by one (`perJobResults`: a failed job is retried alone). While fetches come back full it fetches again
 * at once (`burstWhenBatchFull`), so a backlog runs without waiting for the polling interval between jobs. The output
 * stored on a failed job comes from `failureOutput`: never personal data.
 */
export async function workQueue(
  jobs: JobQueue,
  {
    queue,
    concurrency,
    pollingIntervalSeconds,
    handle,
    failureOutput,
  }: {
    queue: QueueName;
    concurrency: number;
    pollingIntervalSeconds: number;
    handle: (job: QueuedJob) => Promise<unknown>;
    failureOutput: (error: unknown) => object;
  },
): Promise<JobLoop> {
  // A queue with NOTIFY polls at the same pace all the same: a job due later (`startAfter`) notifies nobody.
  const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
  let id: string | undefined;
  id = await jobs.work(
    queue,
    {
      ...polling,
      batchSize: concurrency,
      localConcurrency: 1,
      burstWhenBatchFull: true,
      includeMetadata: true,
      perJobResults: true,
    },
    async (batch) => {
      const results = await Promise.all(
        batch.map(async (job): Promise<JobResult> => {
          try {
            // A span continuing the trace the job was sent in (none while tracing is off).
            await inJobSpan(queue, job, () => handle(job));
            return { id: job.id, status: 'completed' };
          } catch (error) {
            // pg-boss retries it with back-off (the handler has logged it).
            return { id: job.id, status: 'failed', output: failureOutput(error) };
          }
        }),
      );
      // pg-boss fetches again at once after a full batch only when a batch is more than one job
      // (`burstWhenBatchFull`): a one-at-a-time queue (identity verifications) took one job per polling interval,
      // 2 s by default, however many waited. Woken, the worker fetches again at once, and polls once a fetch finds none.
      if (concurrency === 1 && id !== undefined) jobs.notifyWorker(id);
      return results;
    },
  );
  return { stop: () => jobs.offWork(queue, { id, wait: true }) };
}
