#!/usr/bin/env node
// `pnpm test:run` (what `npm test` and CI run): builds every package, then runs the tests of the `svc` app (the crash,
// outage, fuzz and browser tests: the longest package by far) from the first second, beside every other package's
// tests followed by typecheck and lint (Prettier's check included), and ends with the summed test count. One turbo
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

/**
 * Every other package's tests, one package at a time, then typecheck and lint: whether all passed. One at a time,
 * because the machine is bound by CPU: the `svc` tests get half of it rather than a third, and the short packages
 * finish when the long one does instead of leaving it alone at the end.
 */
async function everythingElse() {
  const tested = await turbo(['test', `--filter=!${LONGEST}`, '--only', '--concurrency=1']);
  const typed = await run('pnpm', ['-s', 'typecheck']);
  const linted = await run('pnpm', ['-s', 'lint']);
  return tested && typed && linted;
}

if (!(await turbo(['build', '--concurrency=2']))) process.exit(1);
const results = await Promise.all([turbo(['test', `--filter=${LONGEST}`, '--only']), everythingElse()]);
const summed = await run(process.execPath, [join(root, 'scripts', 'summarize-tests.mjs')]);
process.exit(results.every(Boolean) && summed ? 0 : 1);
