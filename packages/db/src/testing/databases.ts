import { randomBytes, randomUUID } from 'node:crypto';
import { createDatabase, type Database } from '../data-source.js';
import { PGLITE_INITDB_CACHE } from './pglite-cache.js';
import { onServer, pgliteMigratedDump, postgresTemplate } from './templates.js';

/**
 * The databases every database test runs on: embedded PGlite always, PostgreSQL too when
 * DATABASE_URL is set. Each target gives a fresh database per test file (PostgreSQL: a new
 * `svc_test_<random>` database on DATABASE_URL's server, dropped afterwards). It holds every migration, copied from
 * a template made once per run (templates.ts), unless `empty` asks for one without them (tests of the migrations).
 */
export type DatabaseTarget = {
  name: 'pglite' | 'postgres';
  /** The target's database (the same one on every call, each call its own connection). */
  open(): Promise<Database>;
  /** Closes what open() opened and drops the PostgreSQL database. */
  dispose(): Promise<void>;
};

export function databaseTargets({ empty = false }: { empty?: boolean } = {}): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [pgliteTarget(empty)];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) targets.push(postgresTarget(serverUrl, empty));
  return targets;
}

function pgliteTarget(empty: boolean): DatabaseTarget {
  const opened: Database[] = [];
  const pgliteDir = `memory://${randomUUID()}`;
  return {
    name: 'pglite',
    async open() {
      // Loaded from a dump: a fresh initdb (~0.7 s instead of ~4 s), migrated or not.
      const pgliteInitdbCache = empty ? PGLITE_INITDB_CACHE : await pgliteMigratedDump();
      const db = await createDatabase({ pgliteDir, pgliteInitdbCache });
      opened.push(db);
      return db;
    },
    async dispose() {
      for (const db of opened.splice(0)) await db.close();
    },
  };
}

function postgresTarget(serverUrl: string, empty: boolean): DatabaseTarget {
  const opened: Database[] = [];
  let databaseName: string | null = null;
  return {
    name: 'postgres',
    async open() {
      if (!databaseName) {
        const name = `svc_test_${randomBytes(6).toString('hex')}`;
        const template = empty ? null : await postgresTemplate(serverUrl);
        await onServer(serverUrl, (query) =>
          query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
        );
        databaseName = name;
      }
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      const db = await createDatabase({ url: url.toString() });
      opened.push(db);
      return db;
    },
    async dispose() {
      for (const db of opened.splice(0)) await db.close();
      if (databaseName) {
        const name = databaseName;
        databaseName = null;
        await onServer(serverUrl, (query) => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    },
  };
}

/**
 * Resolves when `condition` holds, polling every 100 ms (a condition is often a read through the API: faster polling
 * spent CPU that CI's other tests, on 2 cores, needed); fails after `timeoutMs`. A guard against a hang, not a measure
 * of speed: CI's machine has run several times slower than on a quiet day, so the default is generous (CONTRIBUTING.md).
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reports whether `promise` is still pending after `ms`. */
export async function isStillPendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const pending = Symbol('pending');
  const winner = await Promise.race([
    promise.then(
      () => null,
      () => null,
    ),
    new Promise((resolve) => setTimeout(() => resolve(pending), ms)),
  ]);
  return winner === pending;
}
