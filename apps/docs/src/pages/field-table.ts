import { escapeHtml, inline, slugify, table } from '../markup.js';
import type { FieldRow } from '../schema-walker.js';

/** Rows of a field table, requests (required or optional) or responses (always present, or null). */
export type FieldTableMode = 'request' | 'response';

/** Above this many nested rows, a top-level field's fields get their own collapsible table. */
const SPLIT_ABOVE = 24;

function typeCell(row: FieldRow): string {
  const parts = [`<span class="type">${escapeHtml(row.type)}${row.nullable ? ' or null' : ''}</span>`];
  if (row.enumValues.length > 0) {
    const values = row.enumValues.map((value) => `<code>${escapeHtml(value)}</code>`).join(' ');
    parts.push(`<span class="enum">${row.enumValues.length === 1 ? 'value' : 'one of'}: ${values}</span>`);
  }
  if (row.constraints.length > 0) parts.push(`<span class="constraints">${row.constraints.join(', ')}</span>`);
  return parts.join('<br>');
}

function presenceCell(row: FieldRow, mode: FieldTableMode): string {
  if (mode === 'request') {
    const defaultText =
      row.defaultValue !== undefined
        ? `<br><span class="default">default <code>${escapeHtml(JSON.stringify(row.defaultValue))}</code></span>`
        : '';
    return `${row.required ? '<strong class="required">required</strong>' : 'optional'}${defaultText}`;
  }
  return row.required ? 'always' : 'optional';
}

function nameCell(row: FieldRow, depthOffset: number): string {
  const depth = Math.max(0, row.depth - depthOffset);
  const marker = depth > 0 ? '<span class="nest" aria-hidden="true">↳ </span>' : '';
  const parent = row.path.slice(0, row.path.length - row.name.length);
  const parentText = depth > 0 && parent ? `<span class="visually-hidden">${escapeHtml(parent)}</span>` : '';
  return `<span class="field d${Math.min(depth, 8)}" title="${escapeHtml(row.path)}">${marker}${parentText}<code>${escapeHtml(row.name).replace(/_/g, '_<wbr>')}</code></span>`;
}

function rowCells(row: FieldRow, mode: FieldTableMode, depthOffset: number, extra = ''): string[] {
  return [nameCell(row, depthOffset), typeCell(row), presenceCell(row, mode), `${inline(row.description)}${extra}`];
}

const headFor = (mode: FieldTableMode) => [
  'Field',
  'Type',
  mode === 'request' ? 'Required' : 'Presence',
  'Description',
];

/**
 * A table of every field, nested fields as indented rows beneath their parent. A top-level field with many nested
 * fields (a result object, the items of a page) gets a table of its own in a disclosure after the main table.
 */
export function fieldTables({
  rows,
  caption,
  idPrefix,
  mode,
}: {
  rows: FieldRow[];
  caption: string;
  idPrefix: string;
  mode: FieldTableMode;
}): string {
  if (rows.length === 0) return '<p>No fields.</p>';
  const main: string[][] = [];
  const sections: Array<{ id: string; row: FieldRow; rows: FieldRow[] }> = [];
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] as FieldRow;
    if (row.depth !== rows[0]?.depth) continue;
    let end = index + 1;
    while (end < rows.length && (rows[end] as FieldRow).depth > row.depth) end += 1;
    const subtree = rows.slice(index + 1, end);
    if (subtree.length > SPLIT_ABOVE) {
      const id = `${idPrefix}-${slugify(row.path)}`;
      sections.push({ id, row, rows: subtree });
      main.push(
        rowCells(
          row,
          mode,
          row.depth,
          ` <a class="fields-link" href="#${id}">Its ${subtree.length} nested fields ↓</a>`,
        ),
      );
    } else {
      main.push(rowCells(row, mode, row.depth));
      for (const child of subtree) main.push(rowCells(child, mode, row.depth));
    }
  }
  const openSections = main.length <= 6;
  const extra = sections
    .map(
      ({ id, row, rows: subtree }) => `<details class="nested-fields" id="${id}"${openSections ? ' open' : ''}>
<summary>Fields of <code>${escapeHtml(row.path)}</code> (${subtree.length})</summary>
${table({ caption: `${caption}: fields of ${row.path}`, head: headFor(mode), rows: subtree.map((child) => rowCells(child, mode, row.depth + 1)), className: 'fields' })}
</details>`,
    )
    .join('\n');
  return `${table({ caption, head: headFor(mode), rows: main, className: 'fields' })}\n${extra}`;
}
