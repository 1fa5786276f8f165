import {
  PgBoss,
  type ConstructorOptions,
  type Db as JobDatabase,
  type JobInsert,
  type QueuePolicy,
  type SendOptions,
} from 'pg-boss';
import type { EntityManager, QueryRunner } from 'typeorm';
import { databaseInternals, type Database } from './data-source.js';
import { createPgliteJobDatabase } from './pglite/job-database.js';
import { PgliteGatewayClient } from './pglite/typeorm-driver.js';
import { queryRows } from './repositories/query-rows.js';

/** pg-boss keeps its tables in this schema of the application's database. */
export const JOB_SCHEMA = 'pgboss';

/**
 * A queue to create: its name, its policy unless `standard` (fixed when the queue is created), and whether a new job
 * wakes the workers of a queue opened with `useListenNotify` at once (NOTIFY) rather than at their next poll.
 */
export type QueueDefinition = { name: string; policy?: QueuePolicy; notify?: boolean };

export type JobQueueOptions = Omit<
  ConstructorOptions,
  | 'db'
  | 'connectionString'
  | 'host'
  | 'port'
  | 'database'
  | 'user'
  | 'password'
  | 'ssl'
  | 'schema'
  | 'backend'
  | 'application_name'
> & {
  /** Queues to create (if missing) once started. pg-boss refuses to send to a queue that does not exist. */
  queues?: readonly QueueDefinition[];
  /** pg-boss `error` events (maintenance, polling). Without a listener they would crash the process. */
  onError?: (error: unknown) => void;
};

/** A started pg-boss: the job queue of a process, holding every queue of `JOB_QUEUES` (each named by a `QueueName`). */
export type JobQueue = PgBoss;

/**
 * A started pg-boss on the same database as `db`, in its own schema (`pgboss`).
 * - PostgreSQL: pg-boss's own pool on the same URL (it needs LISTEN and its own transactions).
 * - PGlite: every pg-boss statement goes through the gateway, like TypeORM's.
 * It is stopped by `db.close()` if still running. Do not use `work(…, { transactional: true })`:
 * on PGlite it is refused (the adapter has no `beginTransaction`), and a handler holding a pg-boss
 * transaction while it uses TypeORM would wait for itself. Make handlers idempotent instead.
 */
export async function createJobQueue(db: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const { gateway, url, beforeClose } = databaseInternals(db);
  const { queues = [], onError = reportJobQueueError, ...bossOptions } = options;
  let boss: PgBoss;
  if (gateway) {
    boss = new PgBoss({ ...bossOptions, db: createPgliteJobDatabase(gateway), backend: 'pglite', schema: JOB_SCHEMA });
  } else if (url) {
    boss = new PgBoss({ ...bossOptions, connectionString: url, schema: JOB_SCHEMA, application_name: 'svc-jobs' });
  } else {
    throw new Error('database has neither a URL nor an embedded gateway');
  }
  boss.on('error', onError);
  await boss.start();
  beforeClose.push(() => boss.stop({ graceful: true, timeout: 5_000 }));
  for (const { name, ...creation } of queues) {
    await boss.createQueue(name, creation);
  }
  return boss;
}

function reportJobQueueError(error: unknown): void {
  console.error('[@svc/db] job queue error:', error);
}

/** An open TypeORM transaction: the EntityManager given to `transaction(…)`, or a QueryRunner. */
export type OpenTransaction = EntityManager | QueryRunner;

function queryRunnerOf(transaction: OpenTransaction): QueryRunner | undefined {
  return 'startTransaction' in transaction ? transaction : transaction.queryRunner;
}

/** pg-boss statements run on the caller's open transaction (named, as pg-boss sends the same few statements). */
function transactionJobDatabase(queryRunner: QueryRunner): JobDatabase {
  return {
    async executeSql(text, values) {
      // A statement without parameters may hold several (simple protocol), which a named statement cannot.
      if (!values?.length) return { rows: (await queryRunner.query(text, [], true)).records ?? [] };
      return { rows: await queryRows(queryRunner.manager, text, values) };
    },
  };
}

/** The open transaction's query runner, and its pg-boss work run on its session (see below). */
async function inOpenTransaction<T>(
  caller: string,
  transaction: OpenTransaction,
  work: (db: JobDatabase) => Promise<T>,
): Promise<T> {
  const queryRunner = queryRunnerOf(transaction);
  if (!queryRunner?.isTransactionActive) {
    throw new Error(`${caller}: no open transaction (use jobs.send() outside a transaction)`);
  }
  const db = transactionJobDatabase(queryRunner);
  const connection: unknown = await queryRunner.connect();
  // On PGlite the transaction holds the only session; pg-boss's own look-ups during send (e.g. the
  // queue cache) must run on it too, or they would wait for this transaction to end.
  return connection instanceof PgliteGatewayClient ? connection.shareSession(() => work(db)) : work(db);
}

/**
 * Inserts a job in the caller's transaction: the job exists if and only if the transaction
 * commits, so a state change and the work it triggers are never separated. Returns the job id,
 * or null when a singleton/throttle option suppressed the job.
 */
export async function enqueueInTransaction(params: {
  jobs: PgBoss;
  transaction: OpenTransaction;
  queue: string;
  data: object | null;
  options?: Omit<SendOptions, 'db'>;
}): Promise<string | null> {
  const { jobs, transaction, queue, data, options } = params;
  return inOpenTransaction('enqueueInTransaction', transaction, (db) => jobs.send(queue, data, { ...options, db }));
}

/** Inserts several jobs of one queue in the caller's transaction with one statement (pg-boss `insert`). */
export async function enqueueManyInTransaction(params: {
  jobs: PgBoss;
  transaction: OpenTransaction;
  queue: string;
  inserts: readonly JobInsert[];
}): Promise<void> {
  const { jobs, transaction, queue, inserts } = params;
  if (inserts.length === 0) return;
  await inOpenTransaction('enqueueManyInTransaction', transaction, (db) => jobs.insert(queue, [...inserts], { db }));
}
