#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace package and prints one closing line,
// `tests: N passed, N failed, N skipped`, so the whole count stands after turbo's per-package output. A skipped test
// proved nothing: each is listed by file and name, with what would run it, so a run never claims more than it proved.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: 0 };
const skipped = [];
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const report = join(root, group, name, '.vitest-results.json');
    if (!existsSync(report)) continue;
    const {
      numPassedTests = 0,
      numFailedTests = 0,
      numPendingTests = 0,
      numTodoTests = 0,
      numFailedTestSuites = 0,
      testResults = [],
    } = JSON.parse(readFileSync(report, 'utf8'));
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
if (skipped.length > 0) {
  const postgres = process.env.DATABASE_URL
    ? ''
    : '\nThose that need PostgreSQL run with DATABASE_URL set to a server the tests may create databases on\n' +
      "(`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test`, as .ci/run does), or with Debian's\n" +
      'PostgreSQL installed (`apt-get install -y --no-install-recommends postgresql`): `npm test` then starts its own.\n';
  console.log(
    `\n${'!'.repeat(100)}\nNOT PROVED by this run: ${skipped.length} tests were skipped, and what RELIABILITY.md says of them was not checked here:\n` +
      skipped.map((line) => `  - ${line}`).join('\n') +
      `\n${postgres}${'!'.repeat(100)}\n`,
  );
}
const failedFiles = totals.failedFiles > 0 ? `, ${totals.failedFiles} test files failed` : '';
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${failedFiles}`);
process.exit(totals.failed > 0 || totals.failedFiles > 0 ? 1 : 0);
