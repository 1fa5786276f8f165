export * from './model.js';
export { parseWatchlist, type ParsedList, type WatchlistInput } from './formats/index.js';
export { nameTokens, phoneticKey } from './normalise.js';
export {
  compareNames,
  compareTokens,
  listedNameTokens,
  queryName,
  type NameComparison,
  type QueryName,
  type TokenMatch,
} from './match.js';
export { scoreEntry, type ApplicantFacts, type EntryFacts, type EntryScore } from './decide.js';
export { ScreeningIndex, type IndexHit, type IndexedEntry } from './screening-index.js';
export { reasonsOf } from './explain.js';
export { countryCode } from './countries.js';
export { checksumTap } from './checksum.js';
