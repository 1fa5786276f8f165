import type { ReportView } from '@svc/domain';
import { cssString, safeColour } from './escape.js';

const DEFAULT_ACCENT = '#1f4e79';

/** System fonts only: the document must render offline, the same in a browser and in the worker's Chromium. */
const FONT_STACK = '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

/**
 * The report's stylesheet. Print first: the page size of the view, running header and footer in page-margin boxes
 * (`Page n of N`), rows and small blocks that never split across pages, headings kept with what follows. On screen
 * the same document reads as one centred page.
 */
export function reportStyles(view: ReportView): string {
  const accent = safeColour(view.branding.accentColor, DEFAULT_ACCENT);
  const runningTitle = cssString(`${view.branding.brandName} · ${view.title}`);
  const runningName = cssString(view.applicant.fullName);
  const footer = cssString(view.footer.text);
  // Made-up results say so on every printed page: the first in the band above the masthead, the others in the top
  // margin (once per page, never twice).
  const band = view.simulationBand
    ? `@top-center { content: ${cssString(view.simulationBand)}; font: bold 7.5pt ${FONT_STACK}; color: #b00020; vertical-align: bottom; padding-bottom: 3mm; }`
    : '';
  return `
@page {
  size: ${view.pageSize === 'Letter' ? 'letter' : 'A4'};
  margin: 17mm 15mm 18mm 15mm;
  @top-left { content: ${runningTitle}; font: 7pt ${FONT_STACK}; color: #5a6672; vertical-align: bottom; padding-bottom: 3mm; }
  @top-right { content: ${runningName}; font: 7pt ${FONT_STACK}; color: #5a6672; vertical-align: bottom; padding-bottom: 3mm; }
  @bottom-left { content: ${footer}; font: 6.5pt ${FONT_STACK}; color: #5a6672; vertical-align: top; padding-top: 3mm; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 7pt ${FONT_STACK}; color: #16202a; vertical-align: top; padding-top: 3mm; white-space: nowrap; }
  ${band}
}
@page :first {
  @top-left { content: none; }
  @top-right { content: none; }
  ${view.simulationBand ? '@top-center { content: none; }' : ''}
}
.simulation-band {
  margin: 0 0 4mm; padding: 2mm 3mm; border: 1.5px solid #b00020; color: #b00020; background: #fff4f5;
  font-weight: bold; text-align: center; letter-spacing: 0.02em;
}
:root {
  --accent: ${accent};
  --ink: #16202a;
  --muted: #5a6672;
  --line: #d5dbe1;
  --rule: #e6eaee;
  --soft: #f4f6f8;
  --clear-bg: #e3f3e8; --clear-fg: #16602e; --clear-line: #9fd2ae;
  --review-bg: #fff1c7; --review-fg: #744a00; --review-line: #eccb6f;
  --not-clear-bg: #fbe2df; --not-clear-fg: #9a1b12; --not-clear-line: #eba49d;
  --failed-bg: #ebe7f5; --failed-fg: #463777; --failed-line: #c2b6e3;
}
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0;
  hyphens: manual;
  font-family: ${FONT_STACK};
  font-size: 8.6pt;
  line-height: 1.42;
  color: var(--ink);
  font-variant-numeric: tabular-nums;
}
h1, h2, h3, h4, h5, h6 { margin: 0; line-height: 1.25; break-after: avoid-page; }
p { margin: 0; }
a { color: inherit; text-decoration: none; }

/* Masthead */
.masthead { display: flex; justify-content: space-between; align-items: flex-end; gap: 8mm; padding-bottom: 3mm; border-bottom: 2.5pt solid var(--accent); }
.brand-name { font-size: 15pt; font-weight: 700; color: var(--accent); letter-spacing: -0.01em; }
.brand-sub { font-size: 7.5pt; color: var(--muted); margin-top: 0.5mm; }
.doc-title { font-size: 10pt; font-weight: 600; margin-top: 1.5mm; }
.doc-meta { display: grid; grid-template-columns: auto auto; gap: 0.6mm 4mm; margin: 0; font-size: 7.5pt; text-align: right; }
.doc-meta dt { color: var(--muted); }
.doc-meta dd { margin: 0; font-weight: 600; }

/* Applicant */
.applicant { display: grid; grid-template-columns: 1.45fr 1fr; gap: 8mm; padding: 4.5mm 0 4mm; border-bottom: 0.75pt solid var(--line); }
.applicant h1 { font-size: 17pt; font-weight: 700; letter-spacing: -0.01em; }
.applicant .facts { grid-template-columns: repeat(auto-fill, minmax(min(31mm, 100%), 1fr)); gap: 1.6mm 4mm; }
.applicant .fact.long { grid-column: 1 / -1; } /* the whole row: a panel too narrow for two columns keeps one */
.applicant .email { color: var(--muted); margin: 0.5mm 0 2.5mm; }
.panel-title { font-size: 7pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin-bottom: 1.5mm; }

/* Facts: label above value */
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(38mm, 100%), 1fr)); gap: 2mm 5mm; margin: 0; }
.facts.wide { grid-template-columns: repeat(auto-fill, minmax(min(52mm, 100%), 1fr)); }
.fact { break-inside: avoid; min-width: 0; }
.fact.long { grid-column: span 2; }
.fact dt { font-size: 6.8pt; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
.fact dd { margin: 0.3mm 0 0; overflow-wrap: break-word; }
.fact dd .chip { margin-left: 0; }
.fact dd .value + .chip { margin-left: 1.5mm; }

/* Chips: colour and words together */
.chip {
  display: inline-block; padding: 0.2mm 1.6mm; border-radius: 2.5mm; border: 0.6pt solid transparent;
  font-size: 7pt; font-weight: 700; letter-spacing: 0.02em; white-space: nowrap; line-height: 1.5; vertical-align: baseline;
}
.chip::before { content: ""; display: inline-block; width: 1.4mm; height: 1.4mm; border-radius: 50%; background: currentColor; margin-right: 1mm; vertical-align: 0.2mm; }
.chip.tone-clear { background: var(--clear-bg); color: var(--clear-fg); border-color: var(--clear-line); }
.chip.tone-review { background: var(--review-bg); color: var(--review-fg); border-color: var(--review-line); }
.chip.tone-not_clear { background: var(--not-clear-bg); color: var(--not-clear-fg); border-color: var(--not-clear-line); }
.chip.tone-failed { background: var(--failed-bg); color: var(--failed-fg); border-color: var(--failed-line); }
.chip.tone-review::before { border-radius: 0; transform: rotate(45deg); }
.chip.tone-not_clear::before, .chip.tone-failed::before { border-radius: 0; }
.chip.tone-neutral { background: var(--soft); color: var(--ink); border-color: var(--line); font-weight: 600; }
.chip.tone-neutral::before { display: none; }

/* Overview: verdict and scores */
.overview { display: grid; grid-template-columns: 58mm 1fr; gap: 5mm; padding: 4.5mm 0; break-inside: avoid; }
.verdict { border: 0.75pt solid var(--line); border-left: 2.2mm solid var(--line); border-radius: 1mm; padding: 3mm 3.5mm; }
.verdict.tone-clear { border-left-color: var(--clear-fg); }
.verdict.tone-review { border-left-color: #c98a00; }
.verdict.tone-not_clear { border-left-color: var(--not-clear-fg); }
.verdict .result { font-size: 19pt; font-weight: 800; letter-spacing: 0.02em; text-transform: uppercase; margin: 0.5mm 0 1mm; }
.verdict.tone-clear .result { color: var(--clear-fg); }
.verdict.tone-review .result { color: var(--review-fg); }
.verdict.tone-not_clear .result { color: var(--not-clear-fg); }
.verdict .headline { color: var(--muted); font-size: 7.8pt; }
.verdict .svc-score { margin-top: 2.5mm; padding: 2.5mm 0 0; border: none; border-top: 0.75pt solid var(--rule); border-radius: 0; }
.scores { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(30mm, 100%), 1fr)); gap: 2.5mm; align-content: start; }
.score { border: 0.75pt solid var(--line); border-radius: 1mm; padding: 2.2mm 2.6mm; break-inside: avoid; }
.score .name { font-size: 7pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
.score .figure { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0.5mm 2mm; margin: 0.8mm 0 1.2mm; }
.score .number { font-size: 15pt; font-weight: 700; white-space: nowrap; }
.score .number small { font-size: 7pt; font-weight: 400; color: var(--muted); }
.score .direction { font-size: 6.6pt; color: var(--muted); margin-top: 1mm; }
.meter { height: 1.5mm; background: var(--soft); border-radius: 1mm; overflow: hidden; border: 0.4pt solid var(--line); }
.meter > span { display: block; height: 100%; background: var(--muted); }
.meter.tone-clear > span { background: var(--clear-fg); }
.meter.tone-review > span { background: #c98a00; }
.meter.tone-not_clear > span { background: var(--not-clear-fg); }
.indicators { grid-column: 1 / -1; }
.notices { margin: 0 0 3mm; padding: 2mm 3mm; background: var(--soft); border-radius: 1mm; color: var(--muted); font-size: 7.6pt; }
.notices p + p { margin-top: 1mm; }

/* Sections */
h2 { font-size: 10.5pt; font-weight: 700; color: var(--accent); text-transform: uppercase; letter-spacing: 0.06em; padding-bottom: 1.2mm; border-bottom: 0.75pt solid var(--accent); margin: 6mm 0 2.5mm; }
.keep { break-inside: avoid; }
.group-head, .group-sub, .check-head, .check .description, .block-title, .section-flags, .panel-title { break-after: avoid-page; }

/* Tables */
table { width: 100%; border-collapse: collapse; margin: 0; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { text-align: left; font-size: 6.8pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); padding: 1.2mm 2mm 1.2mm 0; border-bottom: 0.9pt solid var(--ink); vertical-align: bottom; }
/* Words break at their boundaries: a column is never narrower than its longest word (break-word, unlike anywhere,
   leaves the table's minimum widths alone), and no hyphenation splits a name, a plea or an identifier. Only a single
   word wider than its whole cell (a long reference number) wraps inside, as the last resort. */
td { padding: 1.1mm 2mm 1.1mm 0; border-bottom: 0.5pt solid var(--rule); vertical-align: top; overflow-wrap: break-word; }
th.end, td.end { text-align: right; }
th:last-child, td:last-child { padding-right: 0; }
td .sub { display: block; color: var(--muted); font-size: 7.3pt; margin-top: 0.2mm; }
td .chip { margin-top: 0.2mm; }
td .text + .chip { margin-left: 1.5mm; }
.summary td.num { color: var(--muted); width: 7mm; white-space: nowrap; }
.summary td.check { font-weight: 600; width: 58mm; }
.summary td.status { width: 24mm; }
.summary td.result { width: 22mm; }
.summary td.finding { color: #2c3843; }

/* Flags */
.flag-columns { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
.flag-list h3 { font-size: 8.6pt; font-weight: 700; margin-bottom: 1.5mm; }
.flag-group { break-inside: avoid; margin-bottom: 2mm; }
.flag-group .source { font-size: 7pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
ul.flags { list-style: none; margin: 0.5mm 0 0; padding: 0; }
ul.flags li { position: relative; padding-left: 4mm; margin: 0.5mm 0; }
ul.flags li::before { position: absolute; left: 0; top: 0; font-weight: 700; }
ul.flags.red li::before { content: "✕"; color: var(--not-clear-fg); }
ul.flags.green li::before { content: "✓"; color: var(--clear-fg); }
.none { color: var(--muted); font-style: italic; }

/* One check */
.check { margin-top: 5mm; }
.check + .check { padding-top: 4mm; border-top: 0.75pt solid var(--line); }
.check-head { display: flex; align-items: baseline; justify-content: space-between; gap: 4mm; break-after: avoid-page; }
.check-head h3 { font-size: 10.5pt; font-weight: 700; }
.check-head .number { color: var(--accent); margin-right: 1.5mm; }
.check-head .chips { white-space: nowrap; }
.check-head .chips .status { color: var(--muted); font-size: 7.5pt; margin-right: 2mm; }
.check .description { color: var(--muted); font-size: 7.6pt; margin: 0.8mm 0 2mm; max-width: 165mm; }
.check .section-flags { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; margin: 2mm 0 2.5mm; }
.check .section-flags.single { grid-template-columns: 1fr; }
.block { margin-top: 2.5mm; }
.block-title { font-size: 7.4pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; margin-bottom: 1mm; color: var(--ink); }
.note { padding: 1.8mm 2.5mm; border-radius: 1mm; background: var(--soft); border-left: 1mm solid var(--line); break-inside: avoid; }
.note.tone-clear { border-left-color: var(--clear-fg); }
.note.tone-review { border-left-color: #c98a00; background: var(--review-bg); }
.note.tone-not_clear { border-left-color: var(--not-clear-fg); background: var(--not-clear-bg); }
.note.tone-failed { border-left-color: var(--failed-fg); background: var(--failed-bg); }
.note strong { font-weight: 700; }
.text-block p + p { margin-top: 1mm; }
.group { border: 0.75pt solid var(--line); border-radius: 1mm; padding: 2.5mm 3mm; margin-top: 2.5mm; }
.group .group { background: #fff; }
.group-head { display: flex; justify-content: space-between; align-items: baseline; gap: 3mm; break-after: avoid-page; }
.group-head .title { font-size: 8.8pt; font-weight: 700; }
.group-sub { color: var(--muted); margin-top: 0.3mm; }

/* End of report */
.report-end { margin-top: 5mm; padding-top: 2.5mm; border-top: 0.75pt solid var(--line); color: var(--muted); font-size: 7.2pt; break-inside: avoid; }
.report-end .closing { font-weight: 700; color: var(--ink); text-transform: uppercase; letter-spacing: 0.06em; font-size: 7pt; margin-bottom: 1mm; }

/* Compact layout */
body.compact { font-size: 8.2pt; line-height: 1.36; }
body.compact .check { margin-top: 3.5mm; }
body.compact .check + .check { padding-top: 3mm; }
body.compact .group { padding: 2mm 2.5mm; }

@media screen {
  body { max-width: 200mm; margin: 0 auto; padding: 10mm 8mm 14mm; background: #fff; }
  html { background: #eef1f4; }
}
`;
}
