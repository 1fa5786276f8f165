#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace package and prints one closing line,
// `tests: N passed, N failed, N skipped`, so the whole count stands after turbo's per-package output. A skipped test
// proved nothing: each is listed by file and name, with what would run it, so a run never claims more than it proved.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: 0 };
const skipped = [];
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
        numFailedTestSuites = 0,
        testResults = [],
      } = JSON.parse(readFileSync(join(directory, report), 'utf8'));
      totals.passed += numPassedTests;
      totals.failed += numFailedTests;
      totals.skipped += numPendingTests + numTodoTests;
      // A file whose set-up failed counts its tests as skipped, not failed: it failed all the same.
      totals.failedFiles += numFailedTestSuites;
      for (const file of testResults)
        for (const test of file.assertionResults ?? [])
          if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo')
            skipped.push(`${relative(root, file.name)} › ${test.fullName ?? test.title}`);
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
const failedFiles = totals.failedFiles > 0 ? `, ${totals.failedFiles} test files failed` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${failedFiles}`);
process.exit(totals.failed > 0 || totals.failedFiles > 0 ? 1 : 0);
