import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { rescreenMonitoredApplicants, type WatchlistMonitor } from '../watchlists/rescreen.js';
import { defineJob, INTERNAL_ERROR_OUTPUT, type BaseJobContext } from './definition.js';
import { enqueueEach } from './enqueue.js';
import { payloadOf } from './logging.js';

/**
 * Re-screens the monitored applicants against a newly imported list version (apps/worker): one job per import, paging
 * through them; a new hit is recorded and announced (`watchlist.hit`).
 */
export const WATCHLIST_RESCREEN_QUEUE = 'watchlist.rescreen';

export const watchlistRescreenPayloadSchema = z.object({ versionId: z.string().uuid() }).strict();
export type WatchlistRescreenPayload = z.infer<typeof watchlistRescreenPayloadSchema>;

/** The database may be away for a while; a re-run is harmless. A long list of applicants gets an hour. */
export const WATCHLIST_RESCREEN_SEND_OPTIONS = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 3600,
} as const satisfies Omit<SendOptions, 'db'>;

/** Queues the re-screening against `versionId` in the import's transaction: it exists if and only if the import does. */
export function requestWatchlistRescreen(jobs: PgBoss, transaction: EntityManager, versionId: string): Promise<void> {
  const payload: WatchlistRescreenPayload = { versionId };
  return enqueueEach({
    jobs,
    transaction,
    queue: WATCHLIST_RESCREEN_QUEUE,
    payloads: [payload],
    options: WATCHLIST_RESCREEN_SEND_OPTIONS,
  });
}

/** What re-screening needs from the worker: its built-in watchlist providers, with the lists in its memory. */
export type WatchlistRescreenContext = BaseJobContext & { watchlistMonitors: readonly WatchlistMonitor[] };

/**
 * `rescreenMonitoredApplicants` for the version of the job; one at a time per worker (the screenings share the
 * worker's index). Logs counts only.
 */
export const watchlistRescreenQueue = defineJob<WatchlistRescreenContext>()({
  name: WATCHLIST_RESCREEN_QUEUE,
  role: 'checks',
  concurrency: () => 1,
  handle: async (context, job) => {
    const log = context.logger.child({ job_id: job.id, queue: WATCHLIST_RESCREEN_QUEUE });
    const payload = payloadOf(watchlistRescreenPayloadSchema, job, { log, queue: WATCHLIST_RESCREEN_QUEUE });
    if (!payload) return 'dropped';
    const outcome = await rescreenMonitoredApplicants({
      db: context.db,
      monitors: context.watchlistMonitors,
      versionId: payload.versionId,
      now: context.now(),
    });
    log.info(
      { version_id: payload.versionId, ...(outcome === 'not_in_force' ? { outcome } : outcome) },
      'watchlist.rescreen done',
    );
    return outcome;
  },
  failureOutput: () => INTERNAL_ERROR_OUTPUT,
});
