import { tmpdir } from 'node:os';
import path from 'node:path';
import { warmPgliteInitdbCache } from '../../src/index.js';

/** Shared by every test process: a fresh initdb, so each test database starts in ~0.7 s. */
export const PGLITE_INITDB_CACHE = path.join(tmpdir(), 'svc-pglite-initdb.tar');

export default async function setup(): Promise<void> {
  await warmPgliteInitdbCache(PGLITE_INITDB_CACHE);
}
