import { MISSING } from './format.js';
import type { Privacy } from './privacy.js';
import type { Chip, Fact, ReportBlock, TableCell, Tone } from './types.js';

/** What shapes the details of a check besides its data. */
export type DetailContext = { readonly compact: boolean; readonly country: string; readonly privacy: Privacy };

export const cell = (value: string, secondary?: string | null, chip?: Chip): TableCell => ({
  text: value,
  ...(secondary ? { secondary } : {}),
  ...(chip ? { chip } : {}),
});

/** A cell that is only a chip. */
export const chipCell = (chip: Chip): TableCell => ({ text: '', chip });

/** A table; the columns named in `endAligned` (amounts, scores) align to the end. */
export const table = (
  title: string | null,
  labels: readonly string[],
  rows: readonly (readonly TableCell[])[],
  endAligned: readonly string[] = [],
): ReportBlock => ({
  kind: 'table',
  title,
  columns: labels.map((label) => ({ label, align: endAligned.includes(label) ? 'end' : 'start' })),
  rows,
});

export const facts = (title: string | null, items: readonly Fact[]): ReportBlock => ({
  kind: 'facts',
  title,
  facts: knownFacts(items),
});

export const note = (tone: Tone, text: string): ReportBlock => ({ kind: 'note', tone, text });

/** Facts with a value; the others are left out rather than shown as dashes. */
export const knownFacts = (items: readonly Fact[]): Fact[] =>
  items.filter((fact) => fact.value !== MISSING || fact.chip !== undefined);

/** The blocks when the condition holds, else none. */
export const when = (condition: boolean, ...blocks: readonly ReportBlock[]): ReportBlock[] =>
  condition ? [...blocks] : [];
