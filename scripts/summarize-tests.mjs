#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace package and prints one closing line,
// `tests: N passed, N failed, N skipped`, so the whole count stands after turbo's per-package output.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const report = join(root, group, name, '.vitest-results.json');
    if (!existsSync(report)) continue;
    const {
      numPassedTests = 0,
      numFailedTests = 0,
      numPendingTests = 0,
      numTodoTests = 0,
    } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
    totals.skipped += numPendingTests + numTodoTests;
  }
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
