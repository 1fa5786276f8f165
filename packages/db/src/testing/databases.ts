import { randomBytes, randomUUID } from 'node:crypto';
import { createDatabase, type Database } from '../data-source.js';
import { PGLITE_INITDB_CACHE } from './pglite-cache.js';

/**
 * The databases every database test runs on: embedded PGlite always, PostgreSQL too when
 * DATABASE_URL is set. Each target gives a fresh database per test file (PostgreSQL: a new
 * `svc_test_<random>` database on DATABASE_URL's server, dropped afterwards).
 */
export type DatabaseTarget = {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database (no migrations run). */
  open(): Promise<Database>;
  /** Closes what open() opened and drops the PostgreSQL database. */
  dispose(): Promise<void>;
};

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [pgliteTarget()];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) targets.push(postgresTarget(serverUrl));
  return targets;
}

function pgliteTarget(): DatabaseTarget {
  const opened: Database[] = [];
  const pgliteDir = `memory://${randomUUID()}`;
  return {
    name: 'pglite',
    async open() {
      const db = await createDatabase({ pgliteDir, pgliteInitdbCache: PGLITE_INITDB_CACHE });
      opened.push(db);
      return db;
    },
    async dispose() {
      for (const db of opened.splice(0)) await db.close();
    },
  };
}

function postgresTarget(serverUrl: string): DatabaseTarget {
  const opened: Database[] = [];
  let databaseName: string | null = null;
  // Statements on the server's own database (CREATE/DROP DATABASE cannot run in the target).
  const admin = async (sql: string): Promise<void> => {
    const server = await createDatabase({ url: serverUrl, poolSize: 1 });
    try {
      await server.dataSource.query(sql);
    } finally {
      await server.close();
    }
  };
  return {
    name: 'postgres',
    async open() {
      if (!databaseName) {
        databaseName = `svc_test_${randomBytes(6).toString('hex')}`;
        const name = databaseName;
        await admin(`CREATE DATABASE ${name}`);
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
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  };
}

/** Resolves when `condition` holds, polling; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
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
