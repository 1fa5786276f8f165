import type { Config } from '@svc/api';
import { createDatabase, databaseConfigOf, pendingMigrations, type Database } from '@svc/db';
import { loadEncryptionKey, previousEncryptionKey, useEncryptionKey } from '@svc/db/crypto';
import { prepareFileStore } from '@svc/db/storage';

/** The database of this process: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in SVC_DATA_DIR. */
export function openDatabase(config: Config): Promise<Database> {
  return createDatabase(databaseConfigOf(config));
}

/**
 * Loads the key that encrypts personal data at rest (generated into SVC_DATA_DIR for the embedded database), and
 * opens the file store (`SVC_STORAGE`): a bucket that refuses svc's credentials stops the command here.
 */
export async function prepareEncryption(config: Config): Promise<void> {
  useEncryptionKey(
    await loadEncryptionKey({
      configured: config.SVC_ENCRYPTION_KEY,
      dataDir: config.SVC_DATA_DIR,
      embedded: !config.DATABASE_URL,
    }),
    previousEncryptionKey(config.SVC_ENCRYPTION_KEY_PREVIOUS),
  );
  await prepareFileStore(config, {
    onUnreachable: (error) =>
      process.stderr.write(
        `${error.message}: starting anyway; requests that need a file answer 503 until it is back\n`,
      ),
  });
}

/** Migrations may rewrite encrypted columns: the key is loaded when there is one (always for the embedded database). */
export async function prepareEncryptionIfConfigured(config: Config): Promise<void> {
  if (config.SVC_ENCRYPTION_KEY || !config.DATABASE_URL) await prepareEncryption(config);
}

/** Runs an operator's command on the database, refused while migrations are pending; closes the database after. */
export async function withMigratedDatabase(config: Config, work: (db: Database) => Promise<void>): Promise<void> {
  const db = await openDatabase(config);
  try {
    if ((await pendingMigrations(db)).length)
      throw new Error('svc: the database has pending migrations; run `pnpm svc migrate` first');
    await work(db);
  } finally {
    await db.close();
  }
}
