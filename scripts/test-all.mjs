#!/usr/bin/env node
// `pnpm test:run` (what `npm test` and CI run): builds every package, then runs the tests of the `svc` app (the crash,
// outage, fuzz and browser tests: the longest package by far) from the first second, beside every other package's
// tests and beside typecheck and lint (Prettier's check included), and ends with the summed test count. One turbo
// run started them in its own order, and left the longest package waiting behind the short ones.
import { spawn } from 'node:child_process';
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

if (!(await turbo(['build', '--concurrency=2']))) process.exit(1);
// Three streams side by side on a machine bound by CPU: the svc tests; every other package's tests, one package at
// a time (so the svc tests get a larger share of the CPU, and the short packages end when the long one does); and
// typecheck and lint, which otherwise ran alone at the end on one core.
const results = await Promise.all([
  turbo(['test', `--filter=${LONGEST}`, '--only']),
  turbo(['test', `--filter=!${LONGEST}`, '--only', '--concurrency=1']),
  checks(),
]);
const summed = await run(process.execPath, [join(root, 'scripts', 'summarize-tests.mjs')]);
process.exit(results.every(Boolean) && summed ? 0 : 1);
