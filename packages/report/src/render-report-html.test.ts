import { CHECK_DISPLAY_NAMES, buildReportView, type ReportInput } from '@svc/domain';
import { describe, expect, it } from 'vitest';
import { reportFileName } from './file-name.js';
import { renderReportHtml } from './render-report-html.js';
import { sampleReportInput } from './samples.js';

const hrRich = sampleReportInput({ teamType: 'HR', variant: 'rich' });
const render = (input: ReportInput): string => renderReportHtml(buildReportView(input));
const withSettings = (input: ReportInput, settings: ReportInput['settings']): ReportInput => ({
  ...input,
  settings: { ...input.settings, ...settings },
});

const SAMPLES: Record<string, ReportInput> = {
  'HR rich': hrRich,
  'HR clear': sampleReportInput({ teamType: 'HR', variant: 'clear' }),
  'PM rich': sampleReportInput({ teamType: 'PM', variant: 'rich' }),
  'PM clear': sampleReportInput({ teamType: 'PM', variant: 'clear' }),
  'HR compact': sampleReportInput({ teamType: 'HR', variant: 'rich', settings: { compact_pdf_report: true } }),
};

/** Every place a document could load something from: URL attributes of its tags, CSS `url()` and `@import`. */
function referencesIn(html: string): string[] {
  const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((match) => match[0]);
  const attributes = tags.flatMap((tag) =>
    [
      ...tag.matchAll(
        /\s(?:src|href|srcset|action|formaction|poster|data|background|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
      ),
    ].map((match) => match[1] ?? match[2] ?? match[3] ?? ''),
  );
  const css = [
    ...[...html.matchAll(/<style>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? ''),
    ...tags.flatMap((tag) => /\sstyle="([^"]*)"/i.exec(tag)?.[1] ?? []),
  ];
  const cssUrls = css.flatMap((sheet) => [...sheet.matchAll(/url\(\s*([^)]*)\)/gi)].map((match) => `url(${match[1]})`));
  const imports = css.flatMap((sheet) => [...sheet.matchAll(/@import[^;]*/gi)].map((match) => match[0]));
  return [...attributes, ...cssUrls, ...imports];
}

describe('renderReportHtml', () => {
  it.each(Object.entries(SAMPLES))('%s: one self-contained document with nothing to load', (_name, input) => {
    const html = render(input);
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|base|svg|video|audio|source)\b/i);
    // In-document links to a check's section are the only references.
    const references = referencesIn(html);
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((reference) => !/^#[a-z0-9-]+$/.test(reference))).toEqual([]);
    expect(html).toContain("Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"");
  });

  it('finds a reference when there is one (the parser is not blind)', () => {
    expect(
      referencesIn(
        '<a href="https://x.test/">x</a><i style="background:url(//x.test/a.png)"></i><style>@import "a.css";</style>',
      ),
    ).toEqual(['https://x.test/', 'url(//x.test/a.png)', '@import "a.css"']);
  });

  it('escapes every value the applicant or the team supplied', () => {
    const hostile: ReportInput = {
      ...hrRich,
      organisation: {
        name: 'Evil "}</style><link rel=stylesheet href=https://evil.test/a.css>',
        primaryColor: 'red;}</style><script>x()</script>',
      },
      information: {
        ...hrRich.information,
        first_name: '<script>alert("x")</script>',
        last_name: `O'Brien "</title><img src=https://evil.test/p.png>"`,
        phone_number: '<iframe src=//evil.test>',
      },
      applicant: {
        ...hrRich.applicant,
        email: 'a"><svg onload=alert(1)>@example.com',
        tag: '</style><base href=https://evil.test/>',
      },
    };
    const html = render(hostile);
    expect(html).not.toMatch(/<(script|link|img|iframe|svg|base)\b/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('O&#39;Brien &quot;&lt;/title&gt;&lt;img src=https://evil.test/p.png&gt;&quot;');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    // The names in the running header are CSS strings: no quote or `<` closes them.
    const header = /@top-right \{ content: ("(?:[^"\\]|\\.)*");/.exec(html);
    expect(header?.[1]).toBeDefined();
    expect(header?.[1]).not.toMatch(/[<>]/);
    expect(html).toContain('--accent: #1f4e79;');
    expect(referencesIn(html).filter((reference) => !reference.startsWith('#'))).toEqual([]);
  });

  it('prints on the page size of the applicant’s country, with page numbers in the margin', () => {
    expect(render(hrRich)).toMatch(/@page \{\s*size: letter;/);
    expect(render({ ...hrRich, country: 'GB' })).toMatch(/@page \{\s*size: A4;/);
    expect(render(hrRich)).toContain('@bottom-right { content: "Page " counter(page) " of " counter(pages);');
  });

  it('shows the date of birth in full and the SIN masked by default, neither when the team hides them', () => {
    const shown = render(hrRich);
    expect(shown).toContain('1 Jan 1980');
    expect(shown).toContain('••• ••• 789');
    expect(shown).not.toMatch(/123[\s.-]?456[\s.-]?789/);
    const hidden = render(withSettings(hrRich, { hide_sin_ssn: true, hide_date_of_birth: true }));
    for (const value of ['1 Jan 1980', '1980-01-01', '••• ••• 789', '123456789']) expect(hidden).not.toContain(value);
    expect(hidden).toContain('Hidden at the organisation’s request');
  });

  it('leaves balances out when detailed financials are hidden', () => {
    const details = hrRich.checks.find((check) => check.checkName === 'bureau')?.simulated?.details;
    if (details?.kind !== 'bureau') throw new Error('the sample has a credit file');
    const balances = details.trades.map((trade) => `$${(trade.balance_amount ?? 0).toLocaleString('en-US')}`);
    for (const balance of balances) expect(render(hrRich)).toContain(balance);
    const hidden = render(withSettings(hrRich, { hide_detailed_financial: true }));
    for (const balance of balances) expect(hidden).not.toContain(balance);
  });

  it('lists every requested check in the summary and gives each its section', () => {
    for (const input of Object.values(SAMPLES)) {
      const html = render(input);
      for (const flag of input.requestedFlags) {
        const checkName = flag.slice('request_'.length) as keyof typeof CHECK_DISPLAY_NAMES;
        const anchor = `check-${checkName.replaceAll('_', '-')}`;
        expect(html).toContain(`<a href="#${anchor}">${CHECK_DISPLAY_NAMES[checkName]}</a>`);
        expect(html).toContain(`<section class="check" id="${anchor}"`);
      }
    }
  });

  it('flags a FAILED check as could not be completed', () => {
    const html = render(hrRich);
    expect(html).toContain('<span class="chip tone-failed">Failed</span>');
    expect(html).toContain(
      '<strong>Could not be completed – review.</strong> The provider did not answer after 3 attempts.',
    );
  });

  it('shows the HR scores on an HR report and the tenancy scores on a PM report', () => {
    const hr = render(hrRich);
    const pm = render(SAMPLES['PM rich']!);
    expect(hr).toContain('Employment risk scores');
    expect(hr).toContain('Workplace misconduct');
    expect(hr).not.toContain('Eviction potential');
    expect(pm).toContain('Tenancy scores');
    expect(pm).toContain('Eviction potential');
    expect(pm).not.toContain('Workplace misconduct');
  });
});

describe('reportFileName', () => {
  it('names the PDF by short uid and version, never by the applicant’s name', () => {
    expect(reportFileName({ shortUid: '7KQ2M9XZ', version: 2 })).toBe('svc-report-7KQ2M9XZ-v2.pdf');
    expect(reportFileName({ shortUid: '../7KQ2', version: 0 })).toBe('svc-report-7KQ2-v1.pdf');
  });
});
