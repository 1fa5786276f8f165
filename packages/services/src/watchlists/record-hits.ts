import { queryRows, recordEvent, uuidv7, type Database } from '@svc/db';
import { sealValue } from '@svc/db/crypto';
import { Applicant } from '@svc/db/entities';

/** Why an entry was found, as the record and the report show it (sealed at rest: the reasons quote the name). */
export type WatchlistHitEvidence = {
  /** The list's name (`OFAC Specially Designated Nationals (XML)`, …). */
  readonly listName: string;
  /** The publication date the list's file states (YYYY-MM-DD), when it states one. */
  readonly listPublishedOn: string | null;
  /** The entry's name as listed that matched best. */
  readonly entryName: string;
  /** Which words matched how, and how the date of birth and nationality compared. */
  readonly reasons: readonly string[];
};

/** A list entry an applicant matched: which list, its own id for the entry, the version and score found with. */
export type FoundWatchlistHit = {
  /** The list (`ofac_sdn`, `eu`, …). */
  readonly source: string;
  readonly listId: string;
  readonly versionId: string;
  readonly score: number;
  readonly evidence: WatchlistHitEvidence;
};

/**
 * Records on the applicant the list entries it matched that were not recorded before (one row per applicant, list
 * and entry, whatever the version), in one transaction with the applicant locked: an erased applicant records
 * nothing (erasure deletes its hits). With `announce` (a re-screening), each new hit is a `watchlist.hit` event, which
 * webhooks deliver: identifiers and list references only; the record shows the hit with its evidence
 * (`watchlist_hits`). The hits of the check itself are recorded without one (the check's result shows them too).
 * Answers the hits newly recorded.
 */
export async function recordWatchlistHits({
  db,
  applicantId,
  hits,
  announce,
  now,
}: {
  db: Database;
  applicantId: string;
  hits: readonly FoundWatchlistHit[];
  announce: boolean;
  now: Date;
}): Promise<FoundWatchlistHit[]> {
  if (hits.length === 0) return [];
  return db.transaction(async (manager) => {
    const applicant = await manager.findOne(Applicant, {
      where: { id: applicantId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!applicant || applicant.status === 'Erased' || applicant.erasedAt) return [];
    const rows = hits.map((hit) => {
      const id = uuidv7();
      const evidence = sealValue({ table: 'watchlist_hits', column: 'evidence', rowId: id, value: hit.evidence });
      return { id, source: hit.source, list_id: hit.listId, version_id: hit.versionId, score: hit.score, evidence };
    });
    const inserted = (await manager.query(
      `INSERT INTO watchlist_hits (id, applicant_id, partner_id, source, list_id, version_id, score, found_by, evidence, found_at)
       SELECT h.id, $1, $2, h.source, h.list_id, h.version_id, h.score, $4, h.evidence, $5
         FROM json_to_recordset($3::json) AS h(id uuid, source text, list_id text, version_id uuid, score real, evidence text)
       ON CONFLICT (applicant_id, source, list_id) DO NOTHING
       RETURNING source, list_id`,
      [applicantId, applicant.partnerId, JSON.stringify(rows), announce ? 'rescreening' : 'screening', now],
    )) as Array<{ source: string; list_id: string }>;
    const added = hits.filter((hit) => inserted.some((row) => row.source === hit.source && row.list_id === hit.listId));
    // A hit found later changes the applicant's record: its change feed and `last_updated` say so.
    if (announce && added.length > 0)
      await manager.query(`UPDATE applicants SET last_updated = $2, modified = $2 WHERE id = $1`, [applicantId, now]);
    if (announce && added.length > 0)
      await recordEvent(
        manager,
        ...added.map((hit) => ({
          partnerId: applicant.partnerId,
          environment: applicant.environment,
          teamId: applicant.teamId,
          applicantId: applicant.id,
          type: 'watchlist.hit' as const,
          data: {
            applicant_id: applicant.id,
            application_id: applicant.applicationId,
            source: hit.source,
            list_version_id: hit.versionId,
            list_entry_id: hit.listId,
          },
        })),
      );
    return added;
  });
}

/** The check execution's applicant (the built-in provider records the hits of a check by its id). */
export async function applicantOfCheck(db: Database, checkExecutionId: string): Promise<string | null> {
  const rows = await queryRows<{ applicant_id: string }>(
    db,
    `SELECT applicant_id FROM check_executions WHERE id = $1`,
    [checkExecutionId],
  );
  return rows[0]?.applicant_id ?? null;
}
