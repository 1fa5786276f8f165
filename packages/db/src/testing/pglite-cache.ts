import { tmpdir } from 'node:os';
import path from 'node:path';
import { warmPgliteInitdbCache } from '../pglite/open.js';
import { pgliteMigratedDump, postgresTemplate } from './templates.js';

/** Shared by every test process: a fresh initdb, so each test database starts in ~0.7 s. */
export const PGLITE_INITDB_CACHE = path.join(tmpdir(), 'svc-pglite-initdb.tar');

/**
 * A vitest global setup, before the test processes start: prepares the PGlite initdb cache and the migrated PGlite
 * dump, and the PostgreSQL template database when DATABASE_URL is set (templates.ts), so test files only copy them.
 */
export async function setup(): Promise<void> {
  await warmPgliteInitdbCache(PGLITE_INITDB_CACHE);
  const databaseUrl = process.env.DATABASE_URL;
  await Promise.all([pgliteMigratedDump(), databaseUrl ? postgresTemplate(databaseUrl) : null]);
}
