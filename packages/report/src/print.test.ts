import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECK_DISPLAY_NAMES, buildReportView, type ReportInput } from '@svc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportHtml } from './render-report-html.js';
import { sampleReportInput } from './samples.js';
import { printWithChromium, run } from './testing/chromium.js';

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'svc-report-print-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The report printed by the system Chromium, as the worker prints it: page size, page count and text. */
async function print(
  name: string,
  input: ReportInput,
  { pageWidthMm }: { pageWidthMm?: number } = {},
): Promise<{ pageSize: string; pages: number; text: string; html: string }> {
  const document = renderReportHtml(buildReportView(input));
  // A narrower page squeezes every table and grid, as a long name or many columns would.
  const narrowed = pageWidthMm
    ? document.replace('</head>', `<style>@page { size: ${pageWidthMm}mm 297mm !important; }</style></head>`)
    : document;
  const pdf = await printWithChromium(directory, name, narrowed);
  const info = (await run('pdfinfo', [pdf])).stdout;
  const text = (await run('pdftotext', ['-layout', pdf, '-'])).stdout;
  return {
    pageSize: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)?.[1] ?? '',
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0),
    text,
    html: document,
  };
}

/**
 * Words of the printed text that are no word of the report: pieces of a word broken inside it. A line broken at a
 * hyphen is read back joined (`a580-` + `d88f` gives `a580d88f`), so the joins of hyphenated words count as words.
 */
function brokenWords(printed: { text: string; html: string }): string[] {
  const shown = printed.html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  const words = new Set(shown.match(/[\p{L}\p{N}_]+/gu)?.map((word) => word.toLowerCase()));
  for (const hyphenated of shown.match(/[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)+/gu) ?? []) {
    const parts = hyphenated.toLowerCase().split('-');
    for (let index = 1; index < parts.length; index += 1) words.add(`${parts[index - 1]}${parts[index]}`);
  }
  const printedWords = printed.text.replace(/Page\s+\d+\s+of\s+\d+/g, ' ').match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(printedWords.filter((word) => !words.has(word.toLowerCase())))];
}

describe('printed by Chromium', () => {
  it('a rich HR report: Letter in Canada, numbered pages, the applicant and every check in the text', async () => {
    const input = sampleReportInput({ teamType: 'HR', variant: 'rich' });
    const printed = await print('hr-rich', input);
    expect(printed.pageSize).toBe('612 x 792');
    expect(printed.pages).toBeGreaterThan(2);
    expect(printed.text).toContain(`Page 1 of ${printed.pages}`);
    expect(printed.text).toContain(`Page ${printed.pages} of ${printed.pages}`);
    expect(printed.text).toContain('Jordan Alex Debt');
    expect(printed.text).toContain(`Report ${input.applicantId}`);
    const flat = printed.text.replace(/\s+/g, ' ');
    for (const flag of input.requestedFlags)
      expect(flat).toContain(CHECK_DISPLAY_NAMES[flag.slice('request_'.length) as keyof typeof CHECK_DISPLAY_NAMES]);
  });

  it('a PM report in the UK with hidden personal data: A4, no SIN and no date of birth', async () => {
    const input = sampleReportInput({
      teamType: 'PM',
      variant: 'rich',
      settings: { hide_sin_ssn: true, hide_date_of_birth: true },
    });
    const printed = await print('pm-gb', { ...input, country: 'GB' });
    expect(printed.pageSize).toMatch(/^59[45](\.\d+)? x 84[12](\.\d+)?$/);
    expect(printed.text).toContain('Casey Morgan Review');
    expect(printed.text.toLowerCase()).toContain('tenancy scores');
    for (const value of ['15 Jun 1990', '1990-06-15', '123456789', '123 456 789'])
      expect(printed.text).not.toContain(value);
  });

  it.each([
    { teamType: 'HR', page: 'its own page' },
    { teamType: 'PM', page: 'its own page' },
    { teamType: 'HR', page: 'a page 150 mm wide', pageWidthMm: 150 },
    { teamType: 'PM', page: 'a page 150 mm wide', pageWidthMm: 150 },
  ] as const)('breaks the words of a $teamType report only between words, on $page', async (example) => {
    const input = sampleReportInput({ teamType: example.teamType, variant: 'rich' });
    const width = 'pageWidthMm' in example ? { pageWidthMm: example.pageWidthMm } : {};
    const printed = await print(`words-${example.teamType}-${width.pageWidthMm ?? 'own'}`, input, width);
    expect(printed.pages).toBeGreaterThan(2);
    expect(brokenWords(printed)).toEqual([]);
  });
});
