// What an operator asks of the database: is it reachable and migrated (`/ready`), and how much work is waiting
// in each job queue (`/metrics`). Read with plain SQL on pg-boss's job table (its columns are its documented schema),
// never through its internals.
import type { Database } from './data-source.js';
import { JOB_SCHEMA } from './jobs.js';
import { pendingMigrations } from './migrate.js';

/** Whether this process can serve: the database answers and every migration it knows is applied. */
export type Readiness = { ready: true } | { ready: false; reason: 'database_unreachable' | 'migrations_pending' };

export async function databaseReadiness(db: Database): Promise<Readiness> {
  try {
    await db.dataSource.query('SELECT 1');
    if ((await pendingMigrations(db)).length > 0) return { ready: false, reason: 'migrations_pending' };
    return { ready: true };
  } catch {
    return { ready: false, reason: 'database_unreachable' };
  }
}

/** The work waiting in one queue: jobs due now, due later (retries backing off), running, and how long the oldest due one has waited. */
export type QueueBacklog = {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  oldestReadySeconds: number;
};

/** The backlog of each of the named queues, in their order. */
export async function jobQueueBacklog(db: Database, queues: readonly string[]): Promise<QueueBacklog[]> {
  const rows: Array<{
    name: string;
    ready: string;
    deferred: string;
    active: string;
    oldest_ready_seconds: number | null;
  }> = await db.dataSource.query(
    `SELECT name,
              count(*) FILTER (WHERE state < 'active' AND start_after <= now()) AS ready,
              count(*) FILTER (WHERE state < 'active' AND start_after > now()) AS deferred,
              count(*) FILTER (WHERE state = 'active') AS active,
              extract(epoch FROM now() - min(start_after) FILTER (WHERE state < 'active' AND start_after <= now()))::float8
                AS oldest_ready_seconds
         FROM ${JOB_SCHEMA}.job
        WHERE name = ANY($1) AND state <= 'active'
        GROUP BY name`,
    [queues],
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  return queues.map((name) => {
    const row = byName.get(name);
    return {
      queue: name,
      ready: Number(row?.ready ?? 0),
      deferred: Number(row?.deferred ?? 0),
      active: Number(row?.active ?? 0),
      oldestReadySeconds: Math.max(0, row?.oldest_ready_seconds ?? 0),
    };
  });
}
