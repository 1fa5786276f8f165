#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace package and prints one closing line,
// `tests: N passed, N failed, N skipped`, so the whole count stands after turbo's per-package output. A skipped test
// proved nothing: each is listed by file and name, with what would run it, so a run never claims more than it proved.
// Each failed test and failed file is listed too, with the start of its error, just above that line: whoever reads
// only the end of a long CI log still sees what failed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: 0 };
const skipped = [];
const failures = [];
/**
 * The first lines of an error, without the terminal's colours or the stack. vitest reports a test or hook past its
 * own time limit with the stack of where it was declared, whose first line reads `Error: STACK_TRACE_ERROR`.
 */
const firstLines = (message = '') =>
  message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/^Error: STACK_TRACE_ERROR$/m, 'Error: the test (or its hook) ran past its own time limit')
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const directory = join(root, group, name);
    if (!statSync(directory).isDirectory()) continue;
    // A package's report, and those of a package run in parts (scripts/test-all.mjs: `.vitest-results.<part>.json`).
    for (const report of readdirSync(directory).filter((file) => /^\.vitest-results(\.[a-z]+)?\.json$/.test(file))) {
      const {
        numPassedTests = 0,
        numFailedTests = 0,
        numPendingTests = 0,
        numTodoTests = 0,
        testResults = [],
      } = JSON.parse(readFileSync(join(directory, report), 'utf8'));
      totals.passed += numPassedTests;
      totals.failed += numFailedTests;
      totals.skipped += numPendingTests + numTodoTests;
      for (const file of testResults) {
        const path = relative(root, file.name);
        const tests = file.assertionResults ?? [];
        // A file whose set-up failed counts its tests as skipped, not failed: it failed all the same. (vitest's
        // numFailedTestSuites counts each failed describe block as well as the file.)
        if (file.status === 'failed') totals.failedFiles += 1;
        for (const test of tests) {
          if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo')
            skipped.push(`${path} › ${test.fullName ?? test.title}`);
          if (test.status === 'failed')
            failures.push(`  - ${path} › ${test.fullName ?? test.title}\n${firstLines(test.failureMessages?.[0])}`);
        }
        // A file that failed with no failed test of its own: its set-up or teardown failed.
        if (file.status === 'failed' && !tests.some((test) => test.status === 'failed'))
          failures.push(`  - ${path} (the file itself)\n${firstLines(file.message)}`);
      }
    }
  }
}
if (skipped.length > 0) {
  const postgres = process.env.DATABASE_URL
    ? ''
    : "\nThose that need PostgreSQL run with Debian's PostgreSQL installed (`apt-get install -y --no-install-recommends\n" +
      'postgresql`): `npm test` then starts its own, as .ci/run does. Or with DATABASE_URL set to a server the tests may\n' +
      'create databases on, with max_connections of 200 or more (`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test`).\n';
  console.log(
    `\n${'!'.repeat(100)}\nNOT PROVED by this run: ${skipped.length} tests were skipped, and what RELIABILITY.md says of them was not checked here:\n` +
      skipped.map((line) => `  - ${line}`).join('\n') +
      `\n${postgres}${'!'.repeat(100)}\n`,
  );
}
if (failures.length > 0) console.log(`\nFAILED:\n${failures.join('\n')}\n`);
const failedFiles = totals.failedFiles > 0 ? `, ${totals.failedFiles} test files failed` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${failedFiles}`);
process.exit(totals.failed > 0 || totals.failedFiles > 0 ? 1 : 0);
