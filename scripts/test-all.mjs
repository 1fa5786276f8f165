#!/usr/bin/env node
// `pnpm test:run` (what `npm test` and CI run), after the format check: builds every package, then runs the tests of
// the `svc` app (the crash, outage, fuzz and browser tests: the longest package by far) from the first second, beside
// typecheck, lint and every other package's tests, and ends with the summed test count. One turbo run would start
// them in its own order, and left the longest package waiting behind the short ones.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const turbo = join(root, 'node_modules', '.bin', 'turbo');
const LONGEST = '@svc/svc';

/** Runs turbo with `args` (errors only, going on past a failure); resolves to whether it succeeded. */
function runTurbo(args) {
  const child = spawn(turbo, ['run', ...args, '--output-logs=errors-only', '--continue'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code === 0)));
}

/** Every other package's tests, then typecheck and lint (of every package): whether all passed. */
async function everythingElse() {
  const tested = await runTurbo(['test', `--filter=!${LONGEST}`, '--only', '--concurrency=2']);
  const checked = await runTurbo(['typecheck', 'lint', '--only', '--concurrency=2']);
  return tested && checked;
}

const built = await runTurbo(['build', '--concurrency=2']);
if (!built) process.exit(1);
// `--only`: the builds are done; turbo runs just the tasks named.
const results = await Promise.all([runTurbo(['test', `--filter=${LONGEST}`, '--only']), everythingElse()]);
const summary = spawn(process.execPath, [join(root, 'scripts', 'summarize-tests.mjs')], { stdio: 'inherit' });
const summed = await new Promise((resolve) => summary.once('exit', (code) => resolve(code === 0)));
process.exit(results.every(Boolean) && summed ? 0 : 1);
