import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text and page count of a PDF, as poppler-utils (pdftotext, pdfinfo) read it: a real parse of the bytes. */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number; pageSize: string }> {
  const directory = await mkdtemp(join(tmpdir(), 'svc-pdf-'));
  try {
    const file = join(directory, 'report.pdf');
    await writeFile(file, bytes);
    const [{ stdout: text }, { stdout: info }] = await Promise.all([
      run('pdftotext', ['-layout', file, '-']),
      run('pdfinfo', [file]),
    ]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const pageSize = /^Page size:\s+(.+)$/m.exec(info)?.[1]?.trim() ?? '';
    return { text, pages, pageSize };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The text of each page of a PDF, page by page (`pdftotext -f n -l n`). */
export async function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  const directory = await mkdtemp(join(tmpdir(), 'svc-pdf-'));
  try {
    const file = join(directory, 'report.pdf');
    await writeFile(file, bytes);
    const { stdout: info } = await run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const { stdout } = await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-']);
      texts.push(stdout);
    }
    return texts;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
