import { join } from 'node:path';
import type { Config } from '@svc/api';
import { createDatabase, loadEncryptionKey, useEncryptionKey, type Database } from '@svc/db';

/** The database of this process: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in SVC_DATA_DIR. */
export function openDatabase(config: Config): Promise<Database> {
  return createDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { pgliteDir: join(config.SVC_DATA_DIR, 'pglite') },
  );
}

/** Loads the key that encrypts personal data at rest (generated into SVC_DATA_DIR for the embedded database). */
export async function prepareEncryption(config: Config): Promise<void> {
  useEncryptionKey(
    await loadEncryptionKey({
      configured: config.SVC_ENCRYPTION_KEY,
      dataDir: config.SVC_DATA_DIR,
      embedded: !config.DATABASE_URL,
    }),
  );
}
