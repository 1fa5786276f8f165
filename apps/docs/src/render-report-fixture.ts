// Refreshes fixtures/report-hr-page-1.png, the picture of a printed report in the Reports guide:
// `pnpm --filter @svc/docs fixture:report` (needs Chromium and poppler-utils). Run it when the report's look changes.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleReportHtml } from './sample-reports.js';

const fixture = fileURLToPath(new URL('../fixtures/report-hr-page-1', import.meta.url));
const directory = await mkdtemp(join(tmpdir(), 'svc-docs-report-'));
try {
  await writeFile(join(directory, 'report.html'), sampleReportHtml('HR'));
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-pdf-header-footer',
      `--print-to-pdf=${join(directory, 'report.pdf')}`,
      `file://${join(directory, 'report.html')}`,
    ],
    { stdio: 'ignore' },
  );
  execFileSync('pdftoppm', [
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-scale-to-x',
    '600',
    '-scale-to-y',
    '-1',
    '-singlefile',
    join(directory, 'report.pdf'),
    fixture,
  ]);
  console.log(`wrote ${fixture}.png`);
} finally {
  await rm(directory, { recursive: true, force: true });
}
