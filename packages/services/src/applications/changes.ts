import { queryRows, managerOf, type DbHandle } from '@svc/db';
import type { ApplicationScope } from './order-rules.js';
import { listApplicants, type ApplicantListRow } from './list-applicants.js';

/** Where a reader of the change feed stands: after this transaction and position (`0_0`: before everything). */
export type ChangeCursor = { transactionId: string; position: string };

export const FEED_START: ChangeCursor = { transactionId: '0', position: '0' };

/** The cursor's text (opaque to clients): `<transaction>_<position>`. */
export const cursorText = ({ transactionId, position }: ChangeCursor): string => `${transactionId}_${position}`;

/** The cursor a text names, or null when it names none. */
export function cursorOf(text: string): ChangeCursor | null {
  const match = /^(\d{1,20})_(\d{1,19})$/.exec(text);
  if (!match) return null;
  const [, transactionId, position] = match as unknown as [string, string, string];
  if (BigInt(transactionId) >= 2n ** 64n || BigInt(position) >= 2n ** 63n) return null;
  return { transactionId, position };
}

/**
 * The oldest transaction of this database that may still write a change: the snapshot's oldest running transaction,
 * leaving out those known to run in another database (they cannot write here; a shared server's long transactions
 * would stall the feed otherwise). One still running, or not known, counts; with none, the snapshot's xmax.
 */
const HORIZON = `(SELECT coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))
   FROM pg_snapshot_xip(pg_current_snapshot()) AS x
  WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity s
                     WHERE s.backend_xid::text = (x::text::numeric % 4294967296)::text
                       AND s.datname IS DISTINCT FROM current_database()))`;

/**
 * The applicants of the scope created or changed after `after`, oldest change first, each once with its record as
 * it is now (an erased one as its anonymous record, `status` `Erased`), and the cursor to read on from. Only
 * changes of transactions older than every transaction still running are read, in transaction order: a transaction
 * that commits later can only hold later changes, so none is ever skipped, whatever order transactions commit in.
 * A page reads up to `limit` changes; an applicant changed several times in it is answered once, at its last.
 */
export async function listApplicantChanges(
  handle: DbHandle,
  {
    scope,
    kind,
    after,
    limit,
  }: { scope: Omit<ApplicationScope, 'kind'>; kind?: 'HR' | 'PM' | undefined; after: ChangeCursor; limit: number },
): Promise<{ changes: ApplicantListRow[]; cursor: ChangeCursor; hasMore: boolean }> {
  const manager = managerOf(handle);
  const parameters: unknown[] = [scope.partnerId, scope.environment, after.transactionId, after.position, limit + 1];
  const conditions = ['c.partner_id = $1', 'c.environment = $2'];
  if (scope.teamId !== undefined) conditions.push(`c.team_id = $${parameters.push(scope.teamId)}`);
  if (kind !== undefined) conditions.push(`c.kind = $${parameters.push(kind)}`);
  const rows = await queryRows<{ applicant_id: string; kind: 'HR' | 'PM'; transaction_id: string; position: string }>(
    manager,
    `SELECT c.applicant_id, c.kind, c.transaction_id::text AS transaction_id, c.position::text AS position
       FROM applicant_changes c
      WHERE ${conditions.join(' AND ')} AND (c.transaction_id, c.position) > ($3::xid8, $4::bigint)
        AND c.transaction_id < ${HORIZON}
      ORDER BY c.transaction_id, c.position LIMIT $5`,
    parameters,
  );
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const cursor = last ? { transactionId: last.transaction_id, position: last.position } : after;
  // Each applicant at its last change of the page.
  const latest = new Map<string, (typeof page)[number]>();
  for (const row of page) {
    latest.delete(row.applicant_id);
    latest.set(row.applicant_id, row);
  }
  const loaded = new Map<string, ApplicantListRow>();
  for (const listed of ['HR', 'PM'] as const) {
    const ids = [...latest.values()].filter((row) => row.kind === listed).map((row) => row.applicant_id);
    if (ids.length === 0) continue;
    const { rows: records } = await listApplicants(manager, {
      scope: { ...scope, kind: listed },
      filters: { applicantIds: ids },
      offset: 0,
      limit: ids.length,
    });
    for (const record of records) loaded.set(record.applicant.id, record);
  }
  const changes = [...latest.values()].flatMap((row) => loaded.get(row.applicant_id) ?? []);
  return { changes, cursor, hasMore };
}
