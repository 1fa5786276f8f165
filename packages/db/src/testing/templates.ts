import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createDatabase } from '../data-source.js';
import { runMigrations } from '../migrate.js';

/**
 * Migrated databases made once per run and copied by every test file, so no file pays for the migrations: on
 * PostgreSQL a template database (`CREATE DATABASE … TEMPLATE svc_template_<hash>`), on PGlite a dump of a migrated
 * data directory (`dumpDataDir`, loaded with `loadDataDir`). Both are named by a hash of the migrations' files: a
 * changed migration makes new ones, and concurrent runs of other branches never share a stale one.
 */

/** A hash of every file of the migrations folder (sources, or the built files when run from dist). */
async function migrationsHash(): Promise<string> {
  const folder = fileURLToPath(new URL('../migrations/', import.meta.url));
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(path.relative(folder, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

let hashOnce: Promise<string> | null = null;
const hashOfMigrations = () => (hashOnce ??= migrationsHash());

/** Runs `sql` on the server's own database (CREATE/ALTER/DROP DATABASE cannot run in the database they name). */
export async function onServer<T>(
  serverUrl: string,
  work: (query: (sql: string, parameters?: unknown[]) => Promise<unknown[]>) => Promise<T>,
): Promise<T> {
  const server = await createDatabase({ url: serverUrl, poolSize: 1 });
  try {
    return await work((sql, parameters) => server.dataSource.query(sql, parameters));
  } finally {
    await server.close();
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on `serverUrl`'s server holding every migration, made if missing: migrated under a name
 * of its own, closed to connections (a template must have none while it is copied), then renamed into place; a
 * process that loses the race drops its copy and uses the winner's.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `svc_template_${await hashOfMigrations()}`;
  return onServer(serverUrl, async (query) => {
    const exists = async () => (await query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).length > 0;
    if (await exists()) return name;
    const building = `${name}_${randomBytes(6).toString('hex')}`;
    await query(`CREATE DATABASE ${building}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const db = await createDatabase({ url: url.toString(), poolSize: 1 });
      try {
        await runMigrations(db);
      } finally {
        await db.close();
      }
      await query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
      await query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      if (!(await exists())) throw error;
    }
    return name;
  });
}

let pgliteDump: Promise<string> | null = null;

/**
 * A tarball of a PGlite data directory holding every migration (in the temporary folder, shared by every test
 * process), made if missing: migrated on disk, dumped, written under a name of its own and renamed into place.
 */
export function pgliteMigratedDump(): Promise<string> {
  if (!pgliteDump) {
    pgliteDump = makePgliteMigratedDump();
    pgliteDump.catch(() => {
      pgliteDump = null;
    });
  }
  return pgliteDump;
}

async function makePgliteMigratedDump(): Promise<string> {
  const file = path.join(tmpdir(), `svc-pglite-migrated-${await hashOfMigrations()}.tar`);
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'svc-pglite-template-'));
  try {
    const db = await createDatabase({ pgliteDir: dataDir });
    try {
      await runMigrations(db);
    } finally {
      await db.close();
    }
    const pglite = await PGlite.create({ dataDir });
    try {
      const archive = await pglite.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomUUID()}`;
      await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await pglite.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return file;
}
