import { openValue } from '@svc/db/crypto';
import type { WatchlistHitEvidence } from './record-hits.js';

/** A watch-list hit recorded on an applicant (`watchlist_hits`), as its record shows it. */
export type RecordedWatchlistHit = {
  readonly id: string;
  /** The list (`ofac_sdn`, `eu`, …). */
  readonly source: string;
  /** The list's own id of the entry. */
  readonly listId: string;
  /** The list version it was first found in. */
  readonly versionId: string;
  readonly score: number;
  /** `screening`: by the check; `rescreening`: by a new list version (announced by a `watchlist.hit` event). */
  readonly foundBy: 'screening' | 'rescreening';
  readonly foundAt: Date;
  /** Null for a hit recorded before svc kept the evidence. */
  readonly evidence: WatchlistHitEvidence | null;
};

/** The statement's select-list item of an applicant's hits (`a`), as one JSON value, oldest first. */
export const WATCHLIST_HITS_OF_APPLICANT = `(SELECT json_agg(w ORDER BY w.found_at, w.source, w.list_id) FROM watchlist_hits w WHERE w.applicant_id = a.id)`;

/** The hits read with `WATCHLIST_HITS_OF_APPLICANT` (null: none), their evidence decrypted. */
export function recordedWatchlistHitsOf(rows: ReadonlyArray<Record<string, unknown>> | null): RecordedWatchlistHit[] {
  return (rows ?? []).map((row) => {
    const id = row['id'] as string;
    return {
      id,
      source: row['source'] as string,
      listId: row['list_id'] as string,
      versionId: row['version_id'] as string,
      score: row['score'] as number,
      foundBy: row['found_by'] as RecordedWatchlistHit['foundBy'],
      foundAt: new Date(row['found_at'] as string),
      evidence: openValue({
        table: 'watchlist_hits',
        column: 'evidence',
        rowId: id,
        stored: row['evidence'] ?? null,
      }) as WatchlistHitEvidence | null,
    };
  });
}
