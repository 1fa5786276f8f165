import { MigrationExecutor, type QueryRunner } from 'typeorm';
import { createDatabase, databaseInternals, type Database } from './data-source.js';

/** Session advisory lock so two processes (e.g. `svc migrate` run twice) never migrate at once. */
const MIGRATION_LOCK_KEY = 730_622_201;

/**
 * `work` on one session holding the migration lock. Behind a transaction-mode pooler a session lock would stay on
 * whichever server connection took it, so then the work runs on a database opened on the direct URL.
 */
async function withMigrationLock<T>(
  pooledOrDirect: Database,
  work: (queryRunner: QueryRunner, db: Database) => Promise<T>,
): Promise<T> {
  const { directUrl } = databaseInternals(pooledOrDirect);
  if (!directUrl) return lockedOn(pooledOrDirect, work);
  const direct = await createDatabase({ url: directUrl });
  try {
    return await lockedOn(direct, work);
  } finally {
    await direct.close();
  }
}

async function lockedOn<T>(db: Database, work: (queryRunner: QueryRunner, db: Database) => Promise<T>): Promise<T> {
  const queryRunner = db.dataSource.createQueryRunner();
  try {
    await queryRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work(queryRunner, db);
    } finally {
      await queryRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await queryRunner.release();
  }
}

/** Applies every pending migration in one transaction; returns the names applied, oldest first. */
export async function runMigrations(db: Database): Promise<string[]> {
  return withMigrationLock(db, async (queryRunner, direct) => {
    const executor = new MigrationExecutor(direct.dataSource, queryRunner);
    executor.transaction = 'all';
    const applied = await executor.executePendingMigrations();
    return applied.map((migration) => migration.name);
  });
}

/** Reverts every applied migration, newest first (each `down` in its own transaction); returns their names. */
export async function revertAllMigrations(db: Database): Promise<string[]> {
  return withMigrationLock(db, async (queryRunner, direct) => {
    const executor = new MigrationExecutor(direct.dataSource, queryRunner);
    executor.transaction = 'each';
    const reverted: string[] = [];
    for (;;) {
      const executed = await executor.getExecutedMigrations();
      if (executed.length === 0) return reverted;
      const newest = executed.reduce((a, b) => (b.timestamp > a.timestamp ? b : a));
      await executor.undoLastMigration();
      reverted.push(newest.name);
    }
  });
}

/** Names of the migrations not yet applied, oldest first. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const executor = new MigrationExecutor(db.dataSource);
  return (await executor.getPendingMigrations()).map((migration) => migration.name);
}
