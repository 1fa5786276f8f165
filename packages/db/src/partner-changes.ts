import { databaseInternals, type Database } from './data-source.js';
import { queryRows } from './repositories/query-rows.js';

export type PartnerChangeHandlers = {
  /** A committed transaction changed what the records of `partnerId` show (`null`: of every partner). */
  onChange(partnerId: string | null): void;
  /**
   * Every change committed before `readAt` (a `performance.now()`) has been passed to `onChange` (the first call: from
   * now on none is missed). Called after each read, every 20 ms or so.
   */
  onCaughtUp(readAt: number): void;
  /** Changes could not be read: some may be missed until `onFollowing` is called again. */
  onLost(error: unknown): void;
};

/** How often changes are read: the longest another process's change waits before it reaches this one. */
const READ_EVERY_MS = 20;
/** A read that has not answered by then counts as lost (the database is unreachable or stalled). */
const READ_TIMEOUT_MS = 1_000;
/** Rows of transactions that ended this long ago are deleted (every follower has read them long since). */
const KEEP_MS = 60_000;
const PRUNE_EVERY_MS = 10_000;

const START = `SELECT pg_current_snapshot()::text AS snapshot, (SELECT coalesce(max(position), 0) FROM record_changes)::text AS position`;
/**
 * What committed since the last read: rows after the last position read, and rows of the transactions the last
 * read's snapshot could not see (they may hold lower positions): those in progress then, and those of an id from its
 * xmax on. A row's transaction has its id before the row takes its position (the trigger runs after the statement
 * wrote), so these sets hold every row the last read could not see. A row may come twice; that is harmless.
 */
const CHANGES = `SELECT pg_current_snapshot()::text AS snapshot,
  (SELECT json_agg(json_build_array(c.position::text, c.partner_id) ORDER BY c.position) FROM record_changes c
   WHERE c.position > $1::bigint OR c.transaction_id >= $3::xid8 OR c.transaction_id = ANY(string_to_array($2, ',')::xid8[])) AS changes`;
const PRUNE = `DELETE FROM record_changes WHERE transaction_id < $1::xid8`;

type Snapshot = { xmin: string; xmax: string; inProgress: string };

/** `xmin:xmax:xip,…` (pg_current_snapshot) -> its xmin, its xmax and its transactions in progress. */
function snapshotOf(text: string): Snapshot {
  const [xmin = '0', xmax = '0', inProgress = ''] = text.split(':');
  return { xmin, xmax, inProgress };
}

/**
 * Follows `record_changes` (migration `RecordChanges`): calls `onChange` for every committed change of the applicant
 * records' tables, from any process on the database, within about 20 ms. Deletes rows a minute old now and then.
 * Stops when `db` closes.
 */
export function followPartnerChanges(db: Database, handlers: PartnerChangeHandlers): void {
  const { beforeClose } = databaseInternals(db);
  const query = <T>(text: string, values: unknown[] = []) => queryRows<T>(db.dataSource.manager, text, values);
  /** The last position read; null while not following. */
  let position: bigint | null = null;
  /** What the last read's snapshot could not see. */
  let unseen: Omit<Snapshot, 'xmin'> = { xmax: '0', inProgress: '' };
  /** Bumped when following is lost: a read started before answers into the void. */
  let attempt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> = Promise.resolve();
  /** xmins seen, oldest first, a few per minute: rows of transactions before one seen KEEP_MS ago can go. */
  const xmins: Array<{ at: number; xmin: string }> = [];
  let prunedAt = Date.now();

  const lose = (error: unknown) => {
    attempt += 1;
    if (position === null) return;
    position = null;
    handlers.onLost(error);
  };

  async function read(): Promise<void> {
    const current = attempt;
    const readAt = performance.now();
    const timeout = setTimeout(() => lose(new Error(`changes unread for ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
    try {
      if (position === null) {
        const [start] = await query<{ snapshot: string; position: string }>(START);
        if (current !== attempt || !start) return;
        position = BigInt(start.position);
        unseen = snapshotOf(start.snapshot);
        handlers.onCaughtUp(readAt);
        return;
      }
      const [row] = await query<{ snapshot: string; changes: Array<[string, string | null]> | null }>(CHANGES, [
        position.toString(),
        unseen.inProgress,
        unseen.xmax,
      ]);
      if (current !== attempt || !row) return;
      let last = position;
      for (const [changed, partnerId] of row.changes ?? []) {
        handlers.onChange(partnerId);
        if (BigInt(changed) > last) last = BigInt(changed);
      }
      const snapshot = snapshotOf(row.snapshot);
      position = last;
      unseen = snapshot;
      handlers.onCaughtUp(readAt);
      await prune(snapshot.xmin);
    } catch (error) {
      if (current === attempt) lose(error);
    } finally {
      clearTimeout(timeout);
    }
  }

  async function prune(xmin: string): Promise<void> {
    const now = Date.now();
    if (xmins.length === 0 || now - xmins[xmins.length - 1]!.at >= PRUNE_EVERY_MS) xmins.push({ at: now, xmin });
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    let horizon: string | undefined;
    while (xmins.length > 0 && now - xmins[0]!.at >= KEEP_MS) horizon = xmins.shift()!.xmin;
    if (horizon !== undefined) await query(PRUNE, [horizon]);
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      reading = read().finally(schedule);
    }, READ_EVERY_MS);
  };
  beforeClose.push(async () => {
    stopped = true;
    clearTimeout(timer);
    await reading;
  });
  reading = read().finally(schedule);
}
