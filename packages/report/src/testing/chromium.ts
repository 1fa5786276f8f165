import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Prints `html` with the system Chromium as the worker prints it (headless, no header or footer of its own), into
 * `<directory>/<name>.pdf`; answers the PDF's path. Tests read it with poppler-utils.
 */
export async function printWithChromium(directory: string, name: string, html: string): Promise<string> {
  const file = join(directory, `${name}.html`);
  const pdf = join(directory, `${name}.pdf`);
  await writeFile(file, html);
  await run(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-pdf-header-footer',
      `--user-data-dir=${join(directory, `${name}-profile`)}`,
      `--print-to-pdf=${pdf}`,
      `file://${file}`,
    ],
    { timeout: 300_000 },
  );
  return pdf;
}
