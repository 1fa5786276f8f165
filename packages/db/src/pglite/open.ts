import { randomUUID } from 'node:crypto';
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * Opens PGlite. A new database runs initdb, which takes ~4 s (most of a test file's time). With
 * `initdbCacheFile`, a new in-memory (`memory://`) database is loaded from that tarball of a fresh
 * initdb instead (~0.7 s); when the file is missing or unusable, it is (re)written after initdb.
 * Directories on disk always run initdb once and reopen fast afterwards.
 */
export async function createPglite(dataDir: string, initdbCacheFile?: string): Promise<PGlite> {
  if (!initdbCacheFile || !dataDir.startsWith('memory://')) {
    return PGlite.create({ dataDir });
  }
  const cached = await readFile(initdbCacheFile).catch(() => null);
  if (cached) {
    try {
      return await PGlite.create({ dataDir, loadDataDir: new Blob([cached]) });
    } catch {
      // A tarball from another PGlite version, or a damaged one: initdb and replace it.
    }
  }
  const pglite = await PGlite.create({ dataDir });
  try {
    const archive = await pglite.dumpDataDir('none');
    const partial = `${initdbCacheFile}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
    await rename(partial, initdbCacheFile);
  } catch {
    // Only an optimisation.
  }
  return pglite;
}

/** Makes sure `initdbCacheFile` holds a fresh initdb (e.g. in a vitest globalSetup, before workers start). */
export async function warmPgliteInitdbCache(initdbCacheFile: string): Promise<void> {
  if (
    await access(initdbCacheFile).then(
      () => true,
      () => false,
    )
  )
    return;
  const pglite = await createPglite('memory://', initdbCacheFile);
  await pglite.close();
}
