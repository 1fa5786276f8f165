import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adverseNoticeContent, sampleNoticeInput, type AdverseNoticeInput } from '@svc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNoticeHtml } from './render-notice-html.js';
import { printWithChromium, run } from './testing/chromium.js';

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'svc-notice-print-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A pre-adverse notice citing `items` findings (enough of them run over several pages). */
const notice = (changes: Partial<AdverseNoticeInput>, items = 40) =>
  adverseNoticeContent(
    sampleNoticeInput({
      items: Array.from({ length: items }, (_, index) => ({
        check_display_name: 'US criminal record check',
        description: `Theft, case ${1000 + index}: convicted, fined; a record of the county court`,
        date: '2019-03-01',
      })),
      ...changes,
    }),
  );

/** The notice printed by the system Chromium as the worker prints it; the text of each page. */
async function printedPages(name: string, html: string): Promise<string[]> {
  const pdf = await printWithChromium(directory, name, html);
  const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [pdf])).stdout)?.[1] ?? 0);
  const texts: string[] = [];
  for (let page = 1; page <= pages; page += 1)
    texts.push((await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-'])).stdout);
  return texts;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a printed adverse-action notice', () => {
  it('built from made-up results says so once on every page; a real one never', async () => {
    const demo = await printedPages('demo', renderNoticeHtml(notice({ simulation: 'test_data' })));
    expect(demo.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of demo.entries())
      expect(count(page.replace(/\s+/g, ' '), 'TEST DATA — demo environment'), `page ${index + 1}`).toBe(1);
    const simulated = await printedPages('simulated', renderNoticeHtml(notice({ simulation: 'simulated' }, 2)));
    for (const page of simulated) expect(count(page, 'SIMULATED — not a real screening')).toBe(1);
    const real = await printedPages('real', renderNoticeHtml(notice({}, 2)));
    expect(real.join('\n')).not.toMatch(/TEST DATA|SIMULATED/);
    // The agency with its details, and the parties named as the report names them.
    const flat = real.join('\n').replace(/\s+/g, ' ');
    expect(flat).toContain(
      'Consumer reporting agency Keystone Screening 100 Main St Albany, NY 12207 US Phone: +1 518 555 0100 Website: https://keystone.example',
    );
    expect(flat).toContain('consumer report prepared by Keystone Screening for Analytical Engines');
  });
});
