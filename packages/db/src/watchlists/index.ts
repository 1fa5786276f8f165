export { importWatchlistVersion, type ImportOutcome } from './import.js';
export { currentWatchlistVersions, watchlistVersionHistory, type WatchlistVersion } from './versions.js';
export { watchlistEntriesByNumber, watchlistEntryPages, type StoredWatchlistEntry } from './entries.js';
