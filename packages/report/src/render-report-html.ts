import type { CheckSection, Chip, Fact, FlagGroup, ReportBlock, ReportView, ScoreView, TableCell } from '@svc/domain';
import { escapeHtml as e } from './escape.js';
import { reportStyles } from './styles.js';

// Every value of the view is escaped where it is written; class names and ids come from the view's own enums
// (tones, check names), never from applicant data.

const chip = (value: Chip): string => `<span class="chip tone-${value.tone}">${e(value.text)}</span>`;

const LONG_FACT_LENGTH = 34;

function factsList(facts: readonly Fact[], wide = false): string {
  const items = facts.map((fact) => {
    const value = fact.value === '' ? '' : `<span class="value">${e(fact.value)}</span>`;
    // A long value (an address) gets two columns rather than wrapping in one.
    const long = fact.value.length > LONG_FACT_LENGTH ? ' long' : '';
    return `<div class="fact${long}"><dt>${e(fact.label)}</dt><dd>${value}${fact.chip ? chip(fact.chip) : ''}</dd></div>`;
  });
  return `<dl class="facts${wide ? ' wide' : ''}">${items.join('')}</dl>`;
}

function tableCell(value: TableCell, align: 'start' | 'end'): string {
  const text = value.text === '' ? '' : `<span class="text">${e(value.text)}</span>`;
  const secondary = value.secondary ? `<span class="sub">${e(value.secondary)}</span>` : '';
  return `<td${align === 'end' ? ' class="end"' : ''}>${text}${value.chip ? chip(value.chip) : ''}${secondary}</td>`;
}

const heading = (level: number, className: string, content: string): string => {
  const tag = `h${Math.min(6, level)}`;
  return `<${tag} class="${className}">${content}</${tag}>`;
};

const SHORT_TABLE_ROWS = 6;

/** A block that fits on any page, so it is never split: facts, a note, a text, a short table, a group of two such blocks. */
function isSmall(value: ReportBlock): boolean {
  switch (value.kind) {
    case 'facts':
    case 'note':
    case 'text':
      return true;
    case 'table':
      return value.rows.length <= SHORT_TABLE_ROWS;
    case 'group':
      return value.blocks.length <= 2 && value.blocks.every((inner) => inner.kind !== 'group' && isSmall(inner));
  }
}

/**
 * A heading followed by its blocks, the heading kept on the page of what follows it: with the first block when that
 * block is small (facts, a note, a text, a short table), else by `break-after: avoid` in the stylesheet.
 */
function keepWithNext(head: string, blocks: readonly ReportBlock[], level: number): string {
  const [first, ...rest] = blocks;
  const small = first !== undefined && isSmall(first);
  const written = (items: readonly ReportBlock[]) => items.map((item) => block(item, level)).join('');
  return small ? `<div class="keep">${head}${block(first, level)}</div>${written(rest)}` : `${head}${written(blocks)}`;
}

/** A block of a check's details; `level` is the heading level of its title. */
function block(value: ReportBlock, level: number): string {
  switch (value.kind) {
    case 'facts':
      return `<div class="block">${value.title ? heading(level, 'block-title', e(value.title)) : ''}${factsList(value.facts, true)}</div>`;
    case 'table': {
      const head = value.columns
        .map((column) => `<th${column.align === 'end' ? ' class="end"' : ''} scope="col">${e(column.label)}</th>`)
        .join('');
      const rows = value.rows
        .map(
          (row) =>
            `<tr>${row.map((cell, index) => tableCell(cell, value.columns[index]?.align ?? 'start')).join('')}</tr>`,
        )
        .join('');
      // A short table is never split across pages; a long one breaks between rows and repeats its header.
      return `<div class="block${isSmall(value) ? ' keep' : ''}">${value.title ? heading(level, 'block-title', e(value.title)) : ''}<table class="data"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    case 'text':
      return `<div class="block text-block">${value.title ? heading(level, 'block-title', e(value.title)) : ''}${value.paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`).join('')}</div>`;
    case 'note':
      return `<div class="block"><p class="note tone-${value.tone}">${e(value.text)}</p></div>`;
    case 'group': {
      const head =
        `<div class="group-head">${heading(level, 'title', e(value.title))}${value.chip ? chip(value.chip) : ''}</div>` +
        (value.subtitle ? `<p class="group-sub">${e(value.subtitle)}</p>` : '');
      return `<div class="group${isSmall(value) ? ' keep' : ''}">${keepWithNext(head, value.blocks, level + 1)}</div>`;
    }
  }
}

function masthead(view: ReportView): string {
  const { branding, report } = view;
  const orderedBy = `<div class="brand-sub">${e(branding.preparedBy)}</div>`;
  return (
    `<header class="masthead"><div><div class="brand-name">${e(branding.brandName)}</div>${orderedBy}<div class="doc-title">${e(view.title)}</div></div>` +
    `<dl class="doc-meta"><dt>Report ID</dt><dd>${e(report.id)}</dd><dt>Version</dt><dd>${e(String(report.version))}</dd>` +
    `<dt>Generated</dt><dd><time datetime="${e(report.generatedAtIso)}">${e(report.generatedAt)}</time></dd></dl></header>`
  );
}

function applicantPanel(view: ReportView): string {
  const { applicant, order } = view;
  return (
    `<section class="applicant" aria-label="Applicant"><div><p class="panel-title">Applicant</p><h1>${e(applicant.fullName)}</h1>` +
    `<p class="email">${e(applicant.email)}</p>${factsList(applicant.facts)}</div>` +
    `<div><p class="panel-title">${e(order.title)}</p>${factsList(order.facts)}</div></section>`
  );
}

function scoreCard(score: ScoreView, className = 'score'): string {
  const width = score.value === null ? 0 : Math.max(0, Math.min(100, score.value));
  const meter = `<div class="meter tone-${score.band.tone}" role="img" aria-label="${e(`${score.valueText} out of 100`)}"><span style="width:${width}%"></span></div>`;
  return (
    `<div class="${className}"><div class="name">${e(score.label)}</div>` +
    `<div class="figure"><span class="number">${e(score.valueText)}${score.value === null ? '' : '<small> / 100</small>'}</span>${chip(score.band)}</div>` +
    `${meter}<div class="direction">${e(score.direction)}</div></div>`
  );
}

function overview(view: ReportView): string {
  const { overall, scores } = view;
  const verdict =
    `<div class="verdict tone-${overall.result.tone}"><div class="panel-title">Overall result</div>` +
    `<div class="result">${e(overall.result.text)}</div><div class="headline">${e(overall.headline)}</div>` +
    `${scoreCard(overall.svcScore, 'score svc-score')}</div>`;
  const cards = scores.items.map((item) => scoreCard(item)).join('');
  return (
    `<section class="overview" aria-label="Result and scores">${verdict}<div><p class="panel-title">${e(scores.title)}</p>` +
    `<div class="scores">${cards}</div><div class="block">${factsList(scores.indicators, true)}</div></div></section>`
  );
}

const notices = (view: ReportView): string =>
  view.notices.length === 0
    ? ''
    : `<div class="notices">${view.notices.map((notice) => `<p>${e(notice)}</p>`).join('')}</div>`;

function summaryTable(view: ReportView): string {
  const rows = view.summary
    .map(
      (row, index) =>
        `<tr><td class="num">${index + 1}</td><td class="check"><a href="#${row.anchor}">${e(row.title)}</a></td>` +
        `<td class="status">${row.status.tone === 'neutral' ? e(row.status.text) : chip(row.status)}</td><td class="result">${chip(row.result)}</td>` +
        `<td class="finding">${e(row.finding)}</td></tr>`,
    )
    .join('');
  return (
    `<section aria-labelledby="summary-title"><h2 id="summary-title">Summary of checks</h2><table class="data summary"><thead><tr>` +
    `<th scope="col">#</th><th scope="col">Check</th><th scope="col">Status</th><th scope="col">Result</th><th scope="col">Main finding</th>` +
    `</tr></thead><tbody>${rows}</tbody></table></section>`
  );
}

function flagGroups(groups: readonly FlagGroup[], colour: 'red' | 'green', empty: string): string {
  if (groups.length === 0) return `<p class="none">${e(empty)}</p>`;
  return groups
    .map(
      (group) =>
        `<div class="flag-group"><div class="source">${e(group.title)}</div><ul class="flags ${colour}">${group.flags.map((flag) => `<li>${e(flag)}</li>`).join('')}</ul></div>`,
    )
    .join('');
}

function flagsSection(view: ReportView): string {
  const { flags } = view;
  return (
    `<section aria-labelledby="flags-title"><h2 id="flags-title">Findings</h2><div class="flag-columns">` +
    `<div class="flag-list"><h3>Red flags (${flags.redCount})</h3>${flagGroups(flags.red, 'red', 'No red flag.')}</div>` +
    `<div class="flag-list"><h3>Green flags (${flags.greenCount})</h3>${flagGroups(flags.green, 'green', 'No green flag.')}</div>` +
    `</div></section>`
  );
}

function sectionFlags(section: CheckSection, compact: boolean): string {
  // A failed check's only red flag says what its note says already.
  const red = section.failure === null ? section.flags.red : [];
  const green = compact ? [] : section.flags.green;
  const list = (items: readonly string[], colour: 'red' | 'green') =>
    items.length === 0 ? '' : `<ul class="flags ${colour}">${items.map((flag) => `<li>${e(flag)}</li>`).join('')}</ul>`;
  if (red.length === 0 && green.length === 0) return '';
  const single = red.length === 0 || green.length === 0;
  return `<div class="section-flags${single ? ' single' : ''}">${list(red, 'red')}${list(green, 'green')}</div>`;
}

function checkSection(section: CheckSection, compact: boolean): string {
  const status =
    section.status.tone === 'neutral'
      ? `<span class="status">${e(section.status.text)}</span>`
      : `${chip(section.status)} `;
  const failure = section.failure
    ? `<div class="block"><p class="note tone-failed"><strong>Could not be completed – review.</strong> ${e(section.failure)} ` +
      'The overall result counts this check as Review until it is run again.</p></div>'
    : '';
  const head =
    `<div class="check-head"><h3 id="${section.anchor}-title"><span class="number">${section.number}.</span>${e(section.title)}</h3>` +
    `<span class="chips">${status}${chip(section.result)}</span></div>` +
    `${section.description ? `<p class="description">${e(section.description)}</p>` : ''}${failure}${sectionFlags(section, compact)}`;
  return `<section class="check" id="${section.anchor}" aria-labelledby="${section.anchor}-title">${keepWithNext(head, section.blocks, 4)}</section>`;
}

/**
 * The report as one self-contained, printable HTML document: no script, no external resource of any kind (system
 * fonts, inline CSS, a Content-Security-Policy that forbids loading anything), every value escaped.
 */
export function renderReportHtml(view: ReportView): string {
  const title = `${view.title} – ${view.applicant.fullName}`;
  return (
    `<!doctype html>\n<html lang="${e(view.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<meta name="referrer" content="no-referrer"><title>${e(title)}</title><style>${reportStyles(view)}</style></head>` +
    `<body class="${view.compact ? 'compact' : 'full'}">` +
    (view.simulationBand ? `<p class="simulation-band" role="note">${e(view.simulationBand)}</p>` : '') +
    masthead(view) +
    applicantPanel(view) +
    overview(view) +
    notices(view) +
    summaryTable(view) +
    flagsSection(view) +
    `<section aria-labelledby="details-title"><h2 id="details-title">Check details</h2>${view.sections.map((section) => checkSection(section, view.compact)).join('')}</section>` +
    `<footer class="report-end"><p class="closing">End of report</p><p>${e(view.footer.text)}</p><p>${e(view.footer.disclaimer)}</p></footer>` +
    `</body></html>\n`
  );
}
