import { defineJob, INTERNAL_ERROR_OUTPUT, type BaseJobContext } from './definition.js';

/**
 * Downloads the lists the operator configured (`SVC_WATCHLIST_FETCH`) and imports each (`importWatchlist`), on the
 * schedule `SVC_WATCHLIST_FETCH_SCHEDULE`.
 */
export const WATCHLIST_FETCH_QUEUE = 'watchlist.fetch';

/** What a download of a list came to: a new version, the version in force again, refused whole, or not reached. */
export type WatchlistFetchOutcome = 'imported' | 'unchanged' | 'refused' | 'unreachable';

/** The worker's downloads of lists (apps/worker: HTTP and the parsers). */
export type WatchlistFeeds = {
  /** When to download (cron, UTC); null: no list is configured, nothing is scheduled. */
  readonly schedule: string | null;
  /** Downloads and imports every configured list, one after the other; one's failure does not stop the others. */
  fetchAll(): Promise<Record<string, WatchlistFetchOutcome>>;
};

export type WatchlistFetchContext = BaseJobContext & { watchlistFeeds: WatchlistFeeds };

/**
 * `stately`: at most one download queued and one running, however many workers schedule it. Off unless the operator
 * names lists to download: the schedule is written by the workers that take this queue, and removed when none is
 * configured. Each list's outcome is logged by the download (sources, hosts and outcomes only).
 */
export const watchlistFetchQueue = defineJob<WatchlistFetchContext>()({
  name: WATCHLIST_FETCH_QUEUE,
  role: 'checks',
  policy: 'stately',
  concurrency: () => 1,
  handle: ({ watchlistFeeds }) => watchlistFeeds.fetchAll(),
  failureOutput: () => INTERNAL_ERROR_OUTPUT,
  onStart: ({ jobs, watchlistFeeds }) =>
    watchlistFeeds.schedule
      ? jobs.schedule(WATCHLIST_FETCH_QUEUE, watchlistFeeds.schedule)
      : jobs.unschedule(WATCHLIST_FETCH_QUEUE),
});
