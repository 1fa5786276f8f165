#!/usr/bin/env node
// `pnpm test:run` (what `npm test` and CI run): builds every package, then runs the tests of the `svc` app (the crash,
// outage, fuzz and browser tests: the longest package by far) from the first second, beside the other packages' tests
// and beside typecheck and lint (Prettier's check included), and ends with the summed test count. One turbo run
// started them in its own order, and left the longest package waiting behind the short ones.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const longOnes = ['@svc/db', '@svc/api', '@svc/docs', '@svc/worker'];
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

if (!(await turbo(['build', '--concurrency=2']))) process.exit(1);
// Three streams side by side on a machine bound by CPU: the svc tests, then other packages' tests; the other
// packages' tests one package at a time; and typecheck and lint, which otherwise ran alone at the end on one core.
// The other packages wait in one queue, so whichever stream is free first takes the next one.
const queue = otherPackages();
const results = await Promise.all([
  turbo(['test', `--filter=${LONGEST}`, '--only']).then(async (passed) => (await lane(queue)) && passed),
  lane(queue),
  checks(),
]);
const summed = await run(process.execPath, [join(root, 'scripts', 'summarize-tests.mjs')]);
process.exit(results.every(Boolean) && summed ? 0 : 1);
