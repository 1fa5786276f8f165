import { randomBytes } from 'node:crypto';
import { createClient, type SvcClient } from '@svc/contract';
import { issueApiKey, runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, type DatabaseTarget } from '@svc/db/testing';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { startApi, type RunningApi } from '../../src/server.js';
import { useEncryptionKey } from '@svc/db/crypto';
import { watchOpenApiTraffic } from './openapi-traffic.js';

/**
 * A real API over real HTTP on a real, migrated database: PGlite, and PostgreSQL too for the tests that ask
 * (`apiTargets({ everyDatabase: true })`) when DATABASE_URL is set.
 * `now` is the API's clock; tests move it with `advanceClock`.
 */
export type TestApi = {
  target: DatabaseTarget['name'];
  url: string;
  db: Database;
  api: RunningApi;
  /** A new partner account with its keys (DESIGN.md section 4). */
  newPartner(name?: string): Promise<BootstrappedAccount>;
  /** A key of an existing user (a team user, when the user is not a partner admin). */
  newTeamUserKey(userId: string, environment?: 'live' | 'demo'): Promise<string>;
  /** The typed client of @svc/contract with this key. */
  client(apiKey: string): SvcClient;
  advanceClock(ms: number): void;
  /**
   * After a write behind the API's back (as the worker or the portal makes one): resolves once the API's read cache
   * has read every change committed before the call (about 20 ms), so the next read through the API shows it. Throws
   * after 5 s.
   */
  changesSeen(): Promise<void>;
  close(): Promise<void>;
};

// Personal data is encrypted at rest: one random key per test process.
useEncryptionKey(randomBytes(32));

/**
 * `docsSite`: the documentation site to serve at /docs, as the `svc` command does (none by default);
 * `readCacheFreshMs`: the read cache's freshness window (see `startApi`).
 */
type StartOptions = { logger?: Logger; docsSite?: string; readCacheFreshMs?: number };

/**
 * Where an API test runs: on one database, since the db package's tests prove its repositories, job queue and change
 * feed alike on both: PostgreSQL when DATABASE_URL is set (as in CI: it spends a quarter less CPU than PGlite, whose
 * engine runs as WebAssembly in the test process), else PGlite. With `everyDatabase` (the tests RELIABILITY.md
 * names, the reliability tests) on both when DATABASE_URL is set.
 */
export function apiTargets({ everyDatabase = false }: { everyDatabase?: boolean } = {}): Array<{
  name: DatabaseTarget['name'];
  start(overrides?: Partial<Config>, options?: StartOptions): Promise<TestApi>;
}> {
  const every = databaseTargets();
  const one = every.some((target) => target.name === 'postgres') ? 'postgres' : 'pglite';
  const targets = every.filter((target) => everyDatabase || target.name === one);
  return targets.map((target) => ({
    name: target.name,
    async start(
      overrides: Partial<Config> = {},
      { logger = createLogger({ level: 'silent' }), docsSite, readCacheFreshMs }: StartOptions = {},
    ) {
      const db = await target.open();
      await runMigrations(db);
      let offsetMs = 0;
      const now = () => new Date(Date.now() + offsetMs);
      // Production defaults, the read cache on: a test that writes behind the API's back (as the worker does) awaits
      // `changesSeen()` before it reads through the API, as the cache hears of such a write only within ~20 ms.
      const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
      // startApi opens the job queue (pg-boss) on the same database; target.dispose() closes the database and stops it.
      const api = await startApi({ config, db, port: 0, logger, now, docsSite, readCacheFreshMs });
      watchOpenApiTraffic(api.server);
      return {
        target: target.name,
        url: api.url,
        db,
        api,
        newPartner: (name = 'Test partner') => bootstrapPartner(db, { name }),
        newTeamUserKey: async (userId, environment = 'live') =>
          (await issueApiKey(db, { userId, environment, name: 'test key', scope: 'read_write', expiresAt: null }))
            .secret,
        client: (apiKey: string) => createClient({ baseUrl: api.url, apiKey }),
        advanceClock: (ms: number) => {
          offsetMs += ms;
        },
        changesSeen: () => withinMs(CHANGES_SEEN_MS, api.deps.readCache.changesSeen(), 'the read cache saw no change'),
        async close() {
          await api.close();
          await target.dispose();
        },
      };
    },
  }));
}

/** How long `changesSeen()` waits: the cache reads changes every 20 ms, a read gives up after 1 s. */
const CHANGES_SEEN_MS = 5_000;

async function withinMs<T>(ms: number, promise: Promise<T>, failure: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${failure} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A raw request, for what the typed client cannot send (malformed JSON, wrong content types, huge bodies). */
export async function rawRequest(
  url: string,
  init: RequestInit & { apiKey?: string } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers = new Headers(init.headers);
  if (init.apiKey) headers.set('authorization', `Bearer ${init.apiKey}`);
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}
