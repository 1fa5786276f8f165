import { tmpdir } from 'node:os';
import path from 'node:path';
import { warmPgliteInitdbCache } from '../pglite/open.js';

/** Shared by every test process: a fresh initdb, so each test database starts in ~0.7 s. */
export const PGLITE_INITDB_CACHE = path.join(tmpdir(), 'svc-pglite-initdb.tar');

/** A vitest global setup: prepares the PGlite initdb cache once, before the test processes start. */
export async function setup(): Promise<void> {
  await warmPgliteInitdbCache(PGLITE_INITDB_CACHE);
}
