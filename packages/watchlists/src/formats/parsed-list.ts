import type { ListFacts, WatchlistEntry } from '../model.js';

/** A file's bytes (a file stream, a response body) or text. */
export type WatchlistInput = AsyncIterable<Uint8Array | string>;

/**
 * A list being read: its entries, one at a time, then its facts. Reading throws a `WatchlistFormatError` at the
 * first fault (malformed, truncated, not the format said): the caller then uses none of it.
 */
export type ParsedList = {
  readonly entries: AsyncIterable<WatchlistEntry>;
  /** What the file said of itself: complete once `entries` has been read to its end. */
  facts(): ListFacts;
};
