import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { WATCHLIST_FETCH_SOURCES, type WatchlistFetchSetting } from '@svc/config';
import type { Database, JobQueue } from '@svc/db';
import { importWatchlist, type WatchlistFeeds, type WatchlistFetchOutcome } from '@svc/services';
import {
  checksumTap,
  parseWatchlist,
  WATCHLIST_SOURCES,
  WatchlistFormatError,
  type WatchlistSource,
} from '@svc/watchlists';
import type { Logger } from '../logger.js';

// The setting's sources are the library's, both ways (a new source fails to compile until the setting has it).
const SAME_SOURCES: [WatchlistSource[], (typeof WATCHLIST_FETCH_SOURCES)[number][]] = [
  [...WATCHLIST_FETCH_SOURCES],
  [...WATCHLIST_SOURCES],
];
void SAME_SOURCES;

/** A download that takes longer is abandoned (the next occurrence tries again). */
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** Where a URL points, for the log: its host and path, never its query (which may hold a token). */
const whereOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

async function download(url: string, signal: AbortSignal): Promise<Readable> {
  const response = await fetch(url, { signal, redirect: 'follow' });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
}

type FetchContext = { db: Database; jobs: JobQueue; logger: Logger; now: () => Date; feeds: WatchlistFetchSetting };

/**
 * Downloads each configured list and imports it as `svc watchlists import` does (`importWatchlist`: the
 * re-screening is queued with a new version). A download that cannot be read whole is refused and the version in
 * force stays; an unreachable one is left for the next occurrence. One list's failure does not stop the others. Logs
 * sources, hosts and outcomes only.
 */
async function fetchAll(context: FetchContext): Promise<Record<string, WatchlistFetchOutcome>> {
  const outcomes: Record<string, WatchlistFetchOutcome> = {};
  for (const [source, feed] of Object.entries(context.feeds) as Array<
    [WatchlistSource, { url: string; aliases_url?: string | undefined }]
  >) {
    const log = context.logger.child({ queue: 'watchlist.fetch', source, from: whereOf(feed.url) });
    const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    try {
      const tap = checksumTap();
      const file = tap.through(await download(feed.url, signal));
      const aliases = feed.aliases_url ? tap.through(await download(feed.aliases_url, signal)) : undefined;
      const parsed = parseWatchlist(source, { file, ...(aliases ? { aliases } : {}) });
      const outcome = await importWatchlist({
        db: context.db,
        jobs: context.jobs,
        source,
        parsed,
        checksum: tap.digest,
        now: context.now(),
      });
      outcomes[source] = outcome.status;
      log.info(
        { outcome: outcome.status, version_id: outcome.version.id, entries: outcome.version.entryCount },
        outcome.status === 'imported' ? 'watch list downloaded and imported' : 'watch list downloaded: unchanged',
      );
    } catch (error) {
      if (error instanceof WatchlistFormatError) {
        outcomes[source] = 'refused';
        log.error({ reason: error.message }, 'watch list download refused: the version in force stays');
      } else {
        outcomes[source] = 'unreachable';
        log.error(
          { reason: error instanceof Error ? error.message : String(error) },
          'watch list not downloaded: the version in force stays; the next occurrence tries again',
        );
      }
    }
  }
  return outcomes;
}

/** The worker's downloads of the lists of `SVC_WATCHLIST_FETCH` (`watchlist.fetch`), on `schedule`. */
export function watchlistFeedsOf(context: FetchContext & { schedule: string }): WatchlistFeeds {
  return {
    schedule: Object.keys(context.feeds).length > 0 ? context.schedule : null,
    fetchAll: () => fetchAll(context),
  };
}
