import { managerOf, type DbHandle } from './db-handle.js';

/** The changes one statement reads past the compaction's mark, and statements per run at most. */
const COMPACTION_BATCH_SIZE = 1_000;
const MAX_BATCHES = 100;

/** Deletes what a batch of changes past the mark supersedes, and moves the mark past the batch. */
const COMPACT_BATCH = `
  WITH candidates AS (
    SELECT c.position, c.transaction_id, c.applicant_id, c.written_at
      FROM applicant_changes c
     WHERE c.position > (SELECT compacted_through FROM applicant_changes_compaction)
     ORDER BY c.position LIMIT $2
  ), batch AS (
    SELECT * FROM candidates
     WHERE position < coalesce((SELECT min(position) FROM candidates WHERE written_at >= $1), 9223372036854775807)
  ), deleted AS (
    DELETE FROM applicant_changes d USING batch b
     WHERE d.applicant_id = b.applicant_id AND (d.transaction_id, d.position) < (b.transaction_id, b.position)
    RETURNING d.position
  ), marked AS (
    UPDATE applicant_changes_compaction
       SET compacted_through = greatest(compacted_through, (SELECT max(position) FROM batch))
     WHERE EXISTS (SELECT 1 FROM batch)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM deleted)::int AS deleted, (SELECT count(*) FROM batch)::int AS read`;

/**
 * Compacts the applicant change feed (`applicant_changes`): every change older than `before` deletes the changes of
 * its applicant before it in the feed's order (transaction, position). The feed answers each applicant as it is now,
 * so a reader whose cursor is before a deleted change reads the later one instead and ends with the same mirror: every
 * cursor stays good, and a reader starting from the beginning still meets every applicant (its latest change is never
 * deleted). The table keeps one row per applicant plus the changes of the retention period.
 *
 * Each change is read once, in position order, past a mark (`applicant_changes_compaction`); the batch stops at the
 * first change not yet older than `before`. A change whose transaction was still running when the mark passed it
 * deletes nothing (it is deleted itself once superseded): only superseded rows can be left. Bounded batches,
 * idempotent: a run cut short or run twice, or two at once, is harmless. Answers how many changes it deleted.
 */
export async function compactApplicantChanges(
  handle: DbHandle,
  { before, batchSize = COMPACTION_BATCH_SIZE }: { before: Date; batchSize?: number },
): Promise<number> {
  const manager = managerOf(handle);
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const [row] = (await manager.query(COMPACT_BATCH, [before, batchSize])) as Array<{ deleted: number; read: number }>;
    deleted += row?.deleted ?? 0;
    if (!row || row.read === 0) break;
  }
  return deleted;
}
