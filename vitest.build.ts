import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WORKSPACE_DIRECTORIES = ['apps', 'packages'];

/** Modification times (ms) of every file under `directory` (none when it is missing). */
function modificationTimes(directory: string): number[] {
  let names: string[];
  try {
    names = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names.map((name) => statSync(join(directory, name))).flatMap((stat) => (stat.isFile() ? [stat.mtimeMs] : []));
}

/** A workspace package whose sources changed after its last build (or that was never built). */
function isStale(packageDirectory: string): boolean {
  const sources = modificationTimes(join(packageDirectory, 'src'));
  if (sources.length === 0) return false;
  const built = modificationTimes(join(packageDirectory, 'dist'));
  return built.length === 0 || Math.max(...sources) > Math.min(...built);
}

/**
 * For a vitest global setup of the tests that spawn the built `svc` command or worker as real processes (they run
 * what `npm start` runs, and a built process starts on a third of the CPU of one that transforms the TypeScript
 * sources as it loads): builds `packageName` and the workspace packages it depends on when any workspace package's
 * sources are newer than its build. `pnpm test:run` (CI) builds everything before the tests, so there this only looks.
 */
export function buildForTests(packageName: string): void {
  const packages = WORKSPACE_DIRECTORIES.flatMap((parent) =>
    readdirSync(join(ROOT, parent)).map((name) => join(ROOT, parent, name)),
  );
  if (!packages.some(isStale)) return;
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', `--filter=${packageName}...`, '--output-logs=errors-only'],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
}
