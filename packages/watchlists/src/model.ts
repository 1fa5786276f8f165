/** The lists svc reads, each from its publisher's official file format. */
export const WATCHLIST_SOURCES = ['ofac_sdn', 'ofac_sdn_csv', 'un', 'eu', 'uk', 'ca', 'opensanctions'] as const;
export type WatchlistSource = (typeof WATCHLIST_SOURCES)[number];

export const WATCHLIST_SOURCE_NAMES: { readonly [S in WatchlistSource]: string } = {
  ofac_sdn: 'OFAC Specially Designated Nationals (XML)',
  ofac_sdn_csv: 'OFAC Specially Designated Nationals (CSV)',
  un: 'UN Security Council Consolidated List',
  eu: 'EU Financial Sanctions Files',
  uk: 'UK Consolidated List of Financial Sanctions Targets',
  ca: 'Canada Consolidated Autonomous Sanctions List',
  opensanctions: 'OpenSanctions (FollowTheMoney entities)',
};

export const ENTITY_TYPES = ['person', 'organisation', 'vessel', 'aircraft', 'unknown'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** One entry of a list, whatever its format: what screening compares and what a hit shows. */
export type WatchlistEntry = {
  /** The entry's identifier in its list (OFAC uid, UN reference number, EU logical id, UK group id, …). */
  readonly listId: string;
  readonly entityType: EntityType;
  /** The primary name first, then the aliases, as the list writes them. */
  readonly names: readonly string[];
  /** Dates of birth as `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (lists often know the year only). */
  readonly birthDates: readonly string[];
  /** Nationalities and citizenships as ISO 3166-1 alpha-2 codes where the country is known, else as written. */
  readonly nationalities: readonly string[];
  /** Sanctions programmes or regimes the entry is listed under. */
  readonly programs: readonly string[];
};

/** What a file says of itself besides its entries. */
export type ListFacts = {
  /** When the publisher issued this version (ISO 8601), when the file says. */
  readonly publishedAt: string | null;
};

/** A file that cannot be read whole: nothing of it is used. */
export class WatchlistFormatError extends Error {
  override readonly name = 'WatchlistFormatError';
}
