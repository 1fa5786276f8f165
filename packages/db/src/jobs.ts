import {
  PgBoss,
  type ConstructorOptions,
  type Db as JobDatabase,
  type JobInsert,
  type QueuePolicy,
  type SendOptions,
} from 'pg-boss';
import { withJobTrace } from './tracing.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
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
 * - PostgreSQL behind a transaction-mode pooler (a `directUrl`): see `pooledJobQueue`.
 * - PGlite: every pg-boss statement goes through the gateway, like TypeORM's.
 * It is stopped by `db.close()` if still running. Do not use `work(…, { transactional: true })`:
 * on PGlite it is refused (the adapter has no `beginTransaction`), and a handler holding a pg-boss
 * transaction while it uses TypeORM would wait for itself. Make handlers idempotent instead.
 */
export async function createJobQueue(db: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const { gateway, url, directUrl, beforeClose } = databaseInternals(db);
  const { queues = [], onError = reportJobQueueError, ...bossOptions } = options;
  let boss: PgBoss;
  if (gateway) {
    boss = new PgBoss({ ...bossOptions, db: createPgliteJobDatabase(gateway), backend: 'pglite', schema: JOB_SCHEMA });
  } else if (url && directUrl) {
    boss = await pooledJobQueue({ url, directUrl, bossOptions, onError, beforeClose });
  } else if (url) {
    boss = new PgBoss({ ...bossOptions, connectionString: url, schema: JOB_SCHEMA, application_name: 'svc-jobs' });
  } else {
    throw new Error('database has neither a URL nor an embedded gateway');
  }
  boss.on('error', onError);
  carryTraceContext(boss);
  await boss.start();
  beforeClose.push(() => boss.stop({ graceful: true, timeout: 5_000 }));
  // A queue's definition may carry more (its handler: `JOB_QUEUES`); pg-boss is given its policy and notify only.
  for (const { name, policy, notify } of queues) {
    await boss.createQueue(name, { ...(policy ? { policy } : {}), ...(notify === undefined ? {} : { notify }) });
  }
  return boss;
}

/**
 * Behind a transaction-mode pooler: the jobs (send, fetch, complete: one statement or one transaction each) go
 * through the pooler on `url`, unnamed; pg-boss's schema migrations, its maintenance (supervision, cron) and the
 * LISTEN that wakes the workers need one session, so they run in a second pg-boss on `directUrl` (two connections
 * at most, and the listener's), which works no job. The returned pg-boss is not started; both stop with the database.
 */
async function pooledJobQueue({
  url,
  directUrl,
  bossOptions,
  onError,
  beforeClose,
}: {
  url: string;
  directUrl: string;
  bossOptions: Omit<JobQueueOptions, 'queues' | 'onError'>;
  onError: (error: unknown) => void;
  beforeClose: Array<() => Promise<void>>;
}): Promise<PgBoss> {
  const maintenance = new PgBoss({
    ...bossOptions,
    // Its LISTEN connection serves the other pg-boss's workers (`listen` below); it works no job itself.
    useListenNotify: false,
    connectionString: directUrl,
    max: 2,
    schema: JOB_SCHEMA,
    application_name: 'svc-jobs-maintenance',
  });
  maintenance.on('error', onError);
  await maintenance.start();
  const pool = new pg.Pool({ connectionString: url, max: bossOptions.max ?? 10, application_name: 'svc-jobs' });
  pool.on('error', onError);
  const direct = maintenance.getDb();
  beforeClose.push(async () => {
    await maintenance.stop({ graceful: true, timeout: 5_000 });
    await pool.end();
  });
  return new PgBoss({
    ...bossOptions,
    db: { ...pooledJobDatabase(pool), ...(direct.listen ? { listen: direct.listen.bind(direct) } : {}) },
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
  });
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
  // pg-boss's own look-ups during send (e.g. the queue cache) run on the transaction's session too. On PGlite the
  // transaction holds the only session: elsewhere they would wait for it to end. Behind a pooler, transactions
  // waiting for a look-up could hold every server connection the look-up waits for.
  if (connection instanceof PgliteGatewayClient) return connection.shareSession(() => work(db));
  return openTransactionOfJobs.run(queryRunner, () => work(db));
}

/** The transaction a job is being sent in, for pg-boss's look-ups behind a pooler (`pooledJobQueue`). */
const openTransactionOfJobs = new AsyncLocalStorage<QueryRunner>();

/** pg-boss's statements: on the transaction a job is being sent in, if any and still open, else on `pool`. */
function pooledJobDatabase(pool: pg.Pool): JobDatabase {
  return {
    async executeSql(text, values) {
      const transaction = openTransactionOfJobs.getStore();
      if (transaction?.isTransactionActive && !transaction.isReleased) {
        return transactionJobDatabase(transaction).executeSql(text, values);
      }
      return pool.query(text, values);
    },
  };
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

/**
 * Every job sent through `boss` carries the trace context it was sent in (`withJobTrace`), so that its handler's span
 * continues the request's trace in whichever process runs it (`inJobSpan`). Nothing is added while tracing is off.
 */
function carryTraceContext(boss: PgBoss): void {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  const insert = boss.insert.bind(boss) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(boss, {
    send: (...args: unknown[]) => {
      const [first, data, ...rest] = args;
      if (typeof first === 'object' && first !== null) {
        const request = first as { data?: unknown };
        return send({ ...request, data: withJobTrace(request.data) }, data, ...rest);
      }
      return send(first, withJobTrace(data), ...rest);
    },
    insert: (name: unknown, jobs: unknown, ...rest: unknown[]) =>
      insert(
        name,
        (jobs as Array<{ data?: unknown }>).map((job) => ({ ...job, data: withJobTrace(job.data) })),
        ...rest,
      ),
  });
}
