#!/usr/bin/env node
// `pnpm test:run` (what `npm test` and CI run): builds every package and runs typecheck and lint (Prettier's check
// included), then runs the tests of the `svc` app (the crash, outage, fuzz and browser tests: the longest package by
// far) from the first second, beside the other packages' tests, and ends with the summed test count. One turbo run
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

/**
 * turbo with errors only, going on past a failure (`--only`: the builds are done, just the tasks named run);
 * `vitestArgs` go after its own options, to the tasks' vitest.
 */
const turbo = (args, vitestArgs = []) =>
  run(join(root, 'node_modules', '.bin', 'turbo'), [
    'run',
    ...args,
    '--output-logs=errors-only',
    '--continue',
    ...(vitestArgs.length > 0 ? ['--', ...vitestArgs] : []),
  ]);

/** Typecheck, then lint (Prettier's check included): whether both passed. */
async function checks() {
  const typed = await run('pnpm', ['-s', 'typecheck']);
  const linted = await run('pnpm', ['-s', 'lint']);
  return typed && linted;
}

/**
 * The shared runs take one file at a time (vitest.shared.ts says two): with the reliability stream's two, at most four
 * test files run at once on the 2 cores. Six at once (every stream at two) made a large report's render, a Chromium
 * launch and a svc start take minutes on CI's machine, past what the product allows them (stop 42's CI: five tests
 * timed out).
 */
const ONE_FILE_AT_A_TIME = '--maxWorkers=1';

/**
 * The `svc` app's tests in two runs: its reliability files (crash, outage, fuzz: the longest files of all) in a
 * stream of their own from the first second, and its other files from the queue, which another stream takes
 * meanwhile. As one run, the `svc` stream ended some 200 s after the others. The second run writes its own report.
 */
const SVC_RELIABILITY = { name: LONGEST, vitestArgs: ['test/reliability'] };
const SVC_OTHERS = {
  name: LONGEST,
  vitestArgs: ['--exclude', 'test/reliability/**', '--outputFile.json=.vitest-results.others.json', ONE_FILE_AT_A_TIME],
};

/**
 * The test runs the streams share: every workspace package with tests but the longest, and the `svc` app's other
 * files (`SVC_OTHERS`). The long ones first, then the short ones, which whichever stream is free first takes (a stale
 * list costs only time).
 */
function sharedRuns() {
  // Longest first, as measured on a quiet CI run (seconds from first to last test): api 188, worker 168,
  // services 117, docs 113, db 65, identity 42. With the worker package last of them, it ended the run alone.
  const longOnes = ['@svc/api', '@svc/worker', '@svc/services', '@svc/docs', '@svc/db', '@svc/identity'];
  const names = ['apps', 'packages'].flatMap((parent) =>
    readdirSync(join(root, parent)).flatMap((directory) => {
      const manifest = JSON.parse(readFileSync(join(root, parent, directory, 'package.json'), 'utf8'));
      return manifest.scripts?.test && manifest.name !== LONGEST ? [manifest.name] : [];
    }),
  );
  const rank = (name) => (longOnes.includes(name) ? longOnes.indexOf(name) : longOnes.length);
  return [
    SVC_OTHERS,
    ...names.sort((a, b) => rank(a) - rank(b)).map((name) => ({ name, vitestArgs: [ONE_FILE_AT_A_TIME] })),
  ];
}

/** One package's tests (`vitestArgs`: passed on to vitest): whether they passed. */
const test = ({ name, vitestArgs }) => turbo(['test', `--filter=${name}`, '--only'], vitestArgs);

/** Takes runs off the shared queue and runs them one at a time: whether all passed. */
async function lane(queue) {
  let passed = true;
  for (let next = queue.shift(); next; next = queue.shift()) passed = (await test(next)) && passed;
  return passed;
}

/**
 * With SVC_TEST_IMAGE=1 (CI sets it): the OCI image and compose.yaml, proved beside the workspace's build, typecheck
 * and lint, and before the tests: scripts/image.sh builds it, scripts/compose-check.sh runs it. Root only (rootful podman); whether it
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
    (await run('bash', [join(root, 'scripts', 'image.sh'), '--postgres', '--once'])) &&
    (await run('bash', [join(root, 'scripts', 'compose-check.sh')]));
  console.log(
    `svc: the image and compose.yaml ${passed ? 'proved' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  return passed;
}

const imaged = image();
if (!(await turbo(['build', '--concurrency=2']))) process.exit(1);
// Typecheck and lint beside the image's build: no test waits on them with a deadline, and the image's build, mostly
// downloads and unpacking, leaves about one of the 2 cores idle for its 3 minutes.
const checked = checks();
const imageProved = await imaged;

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
// Three streams side by side on a machine bound by CPU: the svc reliability tests, then shared runs; and twice the
// shared runs one at a time. The shared runs wait in one queue, so whichever stream is free first takes the next one.
const queue = sharedRuns();
const results = await Promise.all([
  test(SVC_RELIABILITY).then(async (passed) => (await lane(queue)) && passed),
  lane(queue),
  lane(queue),
  checked,
]);
testPostgres?.stop();
const summed = await run(process.execPath, [join(root, 'scripts', 'summarize-tests.mjs')]);
process.exit(results.every(Boolean) && imageProved && summed ? 0 : 1);
