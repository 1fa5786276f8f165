#!/usr/bin/env node
// `pnpm test:run` (what `npm test` and CI run): builds every package, then runs the tests of the `svc` app (the crash,
// outage, fuzz and browser tests: the longest package by far) from the first second, beside the other packages' tests
// and beside typecheck and lint (Prettier's check included), and ends with the summed test count. One turbo run
// started them in its own order, and left the longest package waiting behind the short ones.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestPostgres } from './test-postgres.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LONGEST = '@svc/svc';

/** Runs a command from the repository's root; resolves to whether it succeeded. */
function run(command, args) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code === 0)));
}

/** turbo with errors only, going on past a failure; `--only`: the builds are done, just the tasks named run. */
const turbo = (args) =>
  run(join(root, 'node_modules', '.bin', 'turbo'), ['run', ...args, '--output-logs=errors-only', '--continue']);

/** Typecheck, then lint (Prettier's check included): whether both passed. */
async function checks() {
  const typed = await run('pnpm', ['-s', 'typecheck']);
  const linted = await run('pnpm', ['-s', 'lint']);
  return typed && linted;
}

/**
 * Every workspace package with tests but the longest: the long ones first, then the short ones, which whichever
 * stream is free first takes (a stale list costs only time).
 */
function otherPackages() {
  const longOnes = ['@svc/services', '@svc/db', '@svc/api', '@svc/identity', '@svc/docs', '@svc/worker'];
  const names = ['apps', 'packages'].flatMap((parent) =>
    readdirSync(join(root, parent)).flatMap((directory) => {
      const manifest = JSON.parse(readFileSync(join(root, parent, directory, 'package.json'), 'utf8'));
      return manifest.scripts?.test && manifest.name !== LONGEST ? [manifest.name] : [];
    }),
  );
  const rank = (name) => (longOnes.includes(name) ? longOnes.indexOf(name) : longOnes.length);
  return names.sort((a, b) => rank(a) - rank(b));
}

/** Takes packages off the shared queue and runs their tests one at a time: whether all passed. */
async function lane(queue) {
  let passed = true;
  for (let name = queue.shift(); name; name = queue.shift())
    passed = (await turbo(['test', `--filter=${name}`, '--only'])) && passed;
  return passed;
}

/**
 * With SVC_TEST_IMAGE=1 (CI sets it): the OCI image and compose.yaml, proved beside the workspace's build and before
 * the tests: scripts/image.sh builds it, scripts/compose-check.sh runs it. Root only (rootful podman); whether it
 * passed. Alone it takes about 3 minutes and 3.5 CPU-minutes; beside the tests it stretched to 30 minutes and took
 * CPU from tests that wait with deadlines.
 */
async function image() {
  if (process.env.SVC_TEST_IMAGE !== '1') return true;
  if (process.getuid?.() !== 0) {
    console.warn('svc: SVC_TEST_IMAGE=1 but not root: the image and compose.yaml are not built nor proved');
    return true;
  }
  const started = performance.now();
  const passed =
    (await run('bash', [join(root, 'scripts', 'image.sh'), '--postgres'])) &&
    (await run('bash', [join(root, 'scripts', 'compose-check.sh')]));
  console.log(
    `svc: the image and compose.yaml ${passed ? 'proved' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  return passed;
}

const [imageProved, built] = await Promise.all([image(), turbo(['build', '--concurrency=2'])]);
if (!built) process.exit(1);

// The tests that need PostgreSQL run on DATABASE_URL's server; without one, on a throwaway server of this machine's
// PostgreSQL binaries. Without either they are skipped, and summarize-tests.mjs lists each one as not proved.
let testPostgres = null;
if (!process.env.DATABASE_URL) {
  const { server, reason } = await startTestPostgres();
  if (server) {
    testPostgres = server;
    process.env.DATABASE_URL = server.url;
    console.log(`svc: DATABASE_URL is unset: the tests run on PostgreSQL too, on a throwaway server at ${server.url}`);
  } else {
    console.warn(
      `svc: DATABASE_URL is unset and no throwaway PostgreSQL could start (${reason}): the tests that need PostgreSQL are skipped`,
    );
  }
}
// Three streams side by side on a machine bound by CPU: the svc tests, then other packages' tests; the other
// packages' tests one package at a time; and typecheck and lint, which otherwise ran alone at the end on one core,
// then other packages' tests (it sat idle for the rest of the run before). The other packages wait in one queue, so
// whichever stream is free first takes the next one.
const queue = otherPackages();
const results = await Promise.all([
  turbo(['test', `--filter=${LONGEST}`, '--only']).then(async (passed) => (await lane(queue)) && passed),
  lane(queue),
  checks().then(async (passed) => (await lane(queue)) && passed),
]);
testPostgres?.stop();
const summed = await run(process.execPath, [join(root, 'scripts', 'summarize-tests.mjs')]);
process.exit(results.every(Boolean) && imageProved && summed ? 0 : 1);
