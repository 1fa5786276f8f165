import type { WatchlistHitView } from '@svc/contract';
import type { RecordedWatchlistHit } from '@svc/services';

/** The watch-list hits of a record: the list, version and entry, the score and reasons, for a person to review. */
export const presentWatchlistHits = (hits: readonly RecordedWatchlistHit[]): WatchlistHitView[] =>
  hits.map((hit) => ({
    source: hit.source,
    list_name: hit.evidence?.listName ?? null,
    list_version_id: hit.versionId,
    list_published_on: hit.evidence?.listPublishedOn ?? null,
    list_entry_id: hit.listId,
    entry_name: hit.evidence?.entryName ?? null,
    score: Math.round(hit.score * 100) / 100,
    reasons: [...(hit.evidence?.reasons ?? [])],
    status: 'REVIEW',
    found_by: hit.foundBy === 'rescreening' ? 'RESCREENING' : 'SCREENING',
    found_at: hit.foundAt.toISOString(),
  }));
