import 'reflect-metadata';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import { SealedColumnsSubscriber } from './crypto/sealed-columns-subscriber.js';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';
import { databaseUnreachableError } from './database-unreachable.js';
import { useUnnamedStatements } from './repositories/query-rows.js';
import { PgliteGateway } from './pglite/gateway.js';
import { createPgliteTypeormDriver, PgliteGatewayClient } from './pglite/typeorm-driver.js';

export type PostgresDatabaseConfig = {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /**
   * A direct connection to the same database, when `url` goes through a transaction-mode pooler (PgBouncer): then no
   * statement on `url` is a named (prepared) one, and migrations, the job queue's maintenance and its LISTEN use this.
   */
  directUrl?: string;
  /** TypeORM pool size (node-postgres `max`). Default 10. */
  poolSize?: number;
  /** Log every SQL statement (development only). */
  logging?: boolean;
};

export type PgliteDatabaseConfig = {
  /** Directory of the embedded database, or `memory://…` for a throwaway one (tests). */
  pgliteDir: string;
  /** How long a caller may wait for the single embedded session. Default 15 s. */
  acquireTimeoutMs?: number;
  /**
   * Tests: a file caching a fresh initdb, so a new `memory://` database starts in ~0.7 s instead of
   * ~4 s (see warmPgliteInitdbCache). Ignored for directories on disk.
   */
  pgliteInitdbCache?: string;
  logging?: boolean;
};

export type DatabaseConfig = PostgresDatabaseConfig | PgliteDatabaseConfig;

export type Database = {
  readonly kind: 'postgres' | 'pglite';
  /** The TypeORM DataSource: explicit entities and migrations, never `synchronize`, never `migrationsRun`. */
  readonly dataSource: DataSource;
  /**
   * `dataSource.transaction(work)`, and on PGlite a guard: a statement in `work` that does not go
   * through `manager` (and would wait for the transaction's own session forever) fails fast with
   * PgliteNestedConnectionError instead of hanging.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /** Stops what was started on this database (job queues), then closes it. Idempotent. */
  close(): Promise<void>;
};

/** What other modules of this package need and the public API does not show. */
export type DatabaseInternals = {
  readonly gateway: PgliteGateway | null;
  readonly url: string | null;
  /** The direct URL beside a pooled `url` (PostgresDatabaseConfig.directUrl), else null. */
  readonly directUrl: string | null;
  /** Run (last registered first) before the DataSource is destroyed. */
  readonly beforeClose: Array<() => Promise<void>>;
};

const internals = new WeakMap<Database, DatabaseInternals>();

export function databaseInternals(db: Database): DatabaseInternals {
  const found = internals.get(db);
  if (!found) throw new Error('not a Database created by createDatabase()');
  return found;
}

// One PGlite instance per data directory per process: every Database opened on the same
// directory shares it (and its gateway); the last close() closes it.
const sharedGateways = new Map<string, { gateway: Promise<PgliteGateway>; users: number }>();

function pgliteKey(dir: string): string {
  return dir.startsWith('memory://') ? dir : path.resolve(dir);
}

async function openSharedGateway(key: string, config: PgliteDatabaseConfig): Promise<PgliteGateway> {
  let entry = sharedGateways.get(key);
  if (!entry) {
    const opening = (async () => {
      if (!key.startsWith('memory://')) await mkdir(key, { recursive: true });
      return PgliteGateway.open({
        dataDir: key,
        ...(config.acquireTimeoutMs === undefined ? {} : { acquireTimeoutMs: config.acquireTimeoutMs }),
        ...(config.pgliteInitdbCache === undefined ? {} : { initdbCacheFile: config.pgliteInitdbCache }),
      });
    })();
    entry = { gateway: opening, users: 0 };
    sharedGateways.set(key, entry);
    opening.catch(() => sharedGateways.delete(key));
  }
  entry.users += 1;
  try {
    return await entry.gateway;
  } catch (error) {
    entry.users -= 1;
    throw error;
  }
}

async function releaseSharedGateway(key: string): Promise<void> {
  const entry = sharedGateways.get(key);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  sharedGateways.delete(key);
  await (await entry.gateway).close();
}

const COMMON_OPTIONS = {
  type: 'postgres',
  entities,
  migrations,
  subscribers: [SealedColumnsSubscriber] as Array<new () => object>,
  synchronize: false,
  migrationsRun: false,
  // Ids come from the application (uuidv7), so TypeORM must not try CREATE EXTENSION "uuid-ossp".
  installExtensions: false,
} as const;

export async function createDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) {
    const dataSource = new DataSource({
      ...COMMON_OPTIONS,
      url: config.url,
      poolSize: config.poolSize ?? 10,
      applicationName: 'svc',
      logging: config.logging ?? false,
    });
    try {
      await dataSource.initialize();
    } catch (error) {
      // The first connection: a database that cannot be reached is named with its host, port and setting.
      throw databaseUnreachableError({ url: config.url, setting: 'DATABASE_URL' }, error) ?? error;
    }
    if (config.directUrl) useUnnamedStatements(dataSource);
    return register({
      kind: 'postgres',
      dataSource,
      gateway: null,
      url: config.url,
      directUrl: config.directUrl ?? null,
      onClosed: async () => {},
    });
  }

  const key = pgliteKey(config.pgliteDir);
  const gateway = await openSharedGateway(key, config);
  const dataSource = new DataSource({
    ...COMMON_OPTIONS,
    driver: createPgliteTypeormDriver(gateway),
    logging: config.logging ?? false,
  });
  try {
    await dataSource.initialize();
  } catch (error) {
    await releaseSharedGateway(key);
    throw error;
  }
  return register({
    kind: 'pglite',
    dataSource,
    gateway,
    url: null,
    directUrl: null,
    onClosed: () => releaseSharedGateway(key),
  });
}

function register(parts: {
  kind: Database['kind'];
  dataSource: DataSource;
  gateway: PgliteGateway | null;
  url: string | null;
  directUrl: string | null;
  onClosed: () => Promise<void>;
}): Database {
  const { dataSource, gateway } = parts;
  const beforeClose: Array<() => Promise<void>> = [];
  let closing: Promise<void> | null = null;

  const db: Database = {
    kind: parts.kind,
    dataSource,
    transaction: (work) =>
      dataSource.transaction(async (manager) => {
        if (!gateway || !manager.queryRunner) return work(manager);
        const client: unknown = await manager.queryRunner.connect();
        return client instanceof PgliteGatewayClient ? client.guardSession(() => work(manager)) : work(manager);
      }),
    close: () => {
      closing ??= (async () => {
        const errors: unknown[] = [];
        for (const stop of beforeClose.splice(0).reverse()) {
          await stop().catch((error: unknown) => errors.push(error));
        }
        try {
          if (dataSource.isInitialized) await dataSource.destroy();
        } finally {
          await parts.onClosed();
        }
        if (errors.length > 0) throw new AggregateError(errors, 'errors while closing the database');
      })();
      return closing;
    },
  };
  internals.set(db, { gateway, url: parts.url, directUrl: parts.directUrl, beforeClose });
  return db;
}
