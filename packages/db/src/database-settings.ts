import { join } from 'node:path';
import type { DatabaseConfig } from './data-source.js';

/** The database settings of a process: DATABASE_URL, SVC_DIRECT_DATABASE_URL, SVC_DATA_DIR. */
export type DatabaseSettings = { DATABASE_URL?: string; SVC_DIRECT_DATABASE_URL?: string; SVC_DATA_DIR: string };

/** PostgreSQL when DATABASE_URL is set (behind a pooler with SVC_DIRECT_DATABASE_URL), else the embedded PGlite. */
export function databaseConfigOf(settings: DatabaseSettings): DatabaseConfig {
  const { DATABASE_URL: url, SVC_DIRECT_DATABASE_URL: directUrl } = settings;
  if (directUrl && !url) throw new Error('svc: SVC_DIRECT_DATABASE_URL is set without DATABASE_URL');
  if (url) return { url, ...(directUrl ? { directUrl } : {}) };
  return { pgliteDir: join(settings.SVC_DATA_DIR, 'pglite') };
}
