import {
  currentWatchlistVersions,
  watchlistEntriesByNumber,
  watchlistEntryPages,
  type Database,
  type StoredWatchlistEntry,
  type WatchlistVersion,
} from '@svc/db';
import { ScreeningIndex, type ApplicantFacts, type IndexHit, type QueryName } from '@svc/watchlists';
import type { Logger } from '../logger.js';

type LoadedLists = {
  readonly key: string;
  readonly versions: readonly WatchlistVersion[];
  readonly index: ScreeningIndex;
  /** For each entry number of the index: its version (an index into `versions`) and its number there. */
  readonly versionOf: Uint16Array;
  readonly entryNoOf: Int32Array;
};

/** A hit with what it matched: the stored entry and its list version. */
export type WatchlistHit = IndexHit & { readonly version: WatchlistVersion; readonly listed: StoredWatchlistEntry };

export type Screening = {
  /** The versions searched (the ones in force when the index was built). */
  readonly versions: readonly WatchlistVersion[];
  readonly hits: readonly WatchlistHit[];
};

const keyOf = (versions: readonly WatchlistVersion[]) => versions.map((version) => version.id).join(',');

/**
 * The lists in force, in memory: a `ScreeningIndex` built from the database at the first screening and built again
 * when a version is imported (the versions in force are read at each screening, one indexed statement). Screenings
 * during a rebuild use the previous index, whose entries stay in the database until the next import; `screen` with
 * `fresh` waits for the versions in force.
 */
export class WatchlistScreener {
  private loaded: LoadedLists | null = null;
  private loading: { key: string; done: Promise<LoadedLists> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  private async build(versions: readonly WatchlistVersion[], key: string): Promise<LoadedLists> {
    const started = performance.now();
    const index = new ScreeningIndex();
    const versionOf: number[] = [];
    const entryNoOf: number[] = [];
    for (const [position, version] of versions.entries())
      for await (const page of watchlistEntryPages(this.db, version.id))
        for (const entry of page) {
          index.add(entry, position);
          versionOf.push(position);
          entryNoOf.push(entry.entryNo);
        }
    index.build();
    this.logger.info(
      { versions: versions.length, names: index.nameCount, ms: Math.round(performance.now() - started) },
      'watch lists loaded',
    );
    return { key, versions, index, versionOf: Uint16Array.from(versionOf), entryNoOf: Int32Array.from(entryNoOf) };
  }

  private async lists(fresh: boolean): Promise<LoadedLists> {
    const versions = await currentWatchlistVersions(this.db);
    const key = keyOf(versions);
    if (this.loaded?.key === key) return this.loaded;
    if (this.loading?.key !== key) {
      const done = this.build(versions, key).then((loaded) => {
        this.loaded = loaded;
        return loaded;
      });
      done.catch(() => {
        if (this.loading?.key === key) this.loading = null;
      });
      this.loading = { key, done };
    }
    return !fresh && this.loaded ? this.loaded : this.loading.done;
  }

  /**
   * Loads the lists in force now (a worker calls it at start, so that its first screening does not wait for the
   * index); a failure is logged, and the first screening tries again.
   */
  warm(): Promise<void> {
    return this.lists(true).then(
      () => undefined,
      (error: unknown) => this.logger.error({ error: String(error) }, 'watch lists not loaded'),
    );
  }

  /** The entries of the lists in force scoring `minimum` or more for the applicant, best first. */
  async screen(
    query: QueryName,
    applicant: ApplicantFacts,
    { minimum, fresh = false }: { minimum: number; fresh?: boolean },
  ): Promise<Screening> {
    const lists = await this.lists(fresh);
    const hits = lists.index.screen(query, applicant, { minimum });
    // The hits' entries read back in one statement per version (most screenings have none, or hits of one list).
    const numbers = new Map<number, number[]>();
    for (const hit of hits) {
      const position = lists.versionOf[hit.entry]!;
      const entryNos = numbers.get(position) ?? [];
      entryNos.push(lists.entryNoOf[hit.entry]!);
      numbers.set(position, entryNos);
    }
    const listed = new Map<string, StoredWatchlistEntry>();
    for (const [position, entryNos] of numbers)
      for (const entry of await watchlistEntriesByNumber(this.db, lists.versions[position]!.id, entryNos))
        listed.set(`${position}:${entry.entryNo}`, entry);
    const found: WatchlistHit[] = [];
    for (const hit of hits) {
      const position = lists.versionOf[hit.entry]!;
      const entry = listed.get(`${position}:${lists.entryNoOf[hit.entry]!}`);
      if (entry) found.push({ ...hit, version: lists.versions[position]!, listed: entry });
    }
    return { versions: lists.versions, hits: found };
  }
}
