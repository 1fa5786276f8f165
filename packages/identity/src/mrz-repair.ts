/**
 * Machine-readable zones (ICAO 9303) as OCR reads them, repaired where the format allows: each position is a letter,
 * a digit or either, so a digit read where a letter must stand (and the reverse) is turned into its look-alike; a
 * field whose check digit fails is repaired only when exactly one change of look-alike characters makes it pass.
 * Names have no check digit: they are trusted only when two readings agree on them (read-document.ts).
 */

import {
  checkDigit,
  checkPasses,
  CHECKED_FIELDS,
  LAYOUTS,
  OPTIONAL_DATA,
  type CheckedField,
  type MrzFormat,
  type PositionKind,
} from './mrz-format.js';

const AS_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  T: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
  A: '4',
};
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '4': 'A' };
/** Characters OCR confuses in alphanumeric fields, each with what it may have been. */
const LOOK_ALIKES: Record<string, string[]> = {
  '0': ['O', 'D', 'Q'],
  O: ['0', 'D', 'Q'],
  D: ['0', 'O'],
  Q: ['0', 'O'],
  '1': ['I', 'L', 'T'],
  I: ['1', 'L', 'J'],
  J: ['I'],
  T: ['1'],
  L: ['1', 'I', '<'],
  '8': ['B'],
  B: ['8'],
  '5': ['S'],
  S: ['5'],
  '2': ['Z'],
  Z: ['2'],
  '6': ['G'],
  G: ['6'],
  K: ['<'],
  '<': ['K', 'L'],
};

/** The repaired zone: its lines, whether every check digit passes, and which fail. */
export type RepairedMrz = {
  readonly format: MrzFormat;
  readonly lines: string[];
  readonly valid: boolean;
  /** The check-digit fields that still fail (empty when `valid`). */
  readonly failing: string[];
  /**
   * Whether the document number was changed to make its check digit pass: one digit guards it (the composite weighs
   * it alike), so a misreading repaired into another passing number goes unseen, and an OCR misreading a character
   * the same way every time makes every reading agree on it.
   */
  readonly numberGuessed: boolean;
};

/** `line` brought to `length`, its last `tail` characters kept in place: the end of the rest cut or padded. */
function fitLength(line: string, length: number, tail: number): string {
  if (line.length === length) return line;
  const head = line.slice(0, line.length - tail);
  const end = line.slice(line.length - tail);
  return head.slice(0, length - tail).padEnd(length - tail, '<') + end;
}

/** The lines of a zone of `format` in OCR text: the last lines of about the right length, fitted to it. */
export function zoneLines(text: string, format: MrzFormat): string[] | null {
  const { lines: count, length } = LAYOUTS[format];
  const candidates = text
    .split('\n')
    .map((line) => line.replace(/[^A-Z0-9<]/g, ''))
    // Short lines too: OCR often drops the fillers that end a names line.
    .filter((line) => line.length >= 10 && line.length <= length + 8);
  if (candidates.length < count) return null;
  const lines = candidates.slice(-count);
  // The check digits at a line's end stay in place: the fillers before them absorb a miscount.
  const tails = format === 'TD3' ? [0, 2] : [0, 1, 0];
  return lines.map((line, index) => fitLength(line, length, tails[index]!));
}

/** A character the OCR read and where (see mrz-ocr.ts). */
type PlacedSymbol = {
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly confidence: number;
  /** What the OCR itself read there, when its shape or height made it another character. */
  readonly read?: string;
};

/**
 * The lines of a zone of `format` from the OCR's characters and their places: every MRZ character has the same width,
 * so each character read belongs to one cell of the line's grid (the zone's left edge, and a pitch of its widest
 * line's width over its length). The OCR reads one `<` as `<X` or `<K` (two characters in one cell: the surer one
 * stays), reads a run of fillers as one wide `<` (it fills the cells it spans), and drops fillers (empty cells are
 * fillers). Null when the characters do not make a zone of that format.
 */
export function gridLines(
  lines: readonly (readonly PlacedSymbol[])[],
  format: MrzFormat,
): { lines: string[]; confidence: number[][]; rivals: string[][] } | null {
  const { lines: count, length } = LAYOUTS[format];
  const candidates = lines
    .map((line) => line.filter((symbol) => /^[A-Z0-9<]$/.test(symbol.text) && symbol.right > symbol.left))
    .filter((line) => line.length >= 10 && line.length <= length + 8);
  if (candidates.length < count) return null;
  const zone = candidates.slice(-count);
  const left = Math.min(...zone.map((line) => line[0]!.left));
  const right = Math.max(...zone.map((line) => line.at(-1)!.right));
  const pitch = (right - left) / length;
  if (!(pitch > 0)) return null;
  const cellsOfLines = zone.map((line) => {
    const cells: { text: string; confidence: number; rival: string }[] = Array.from({ length }, () => ({
      text: '',
      confidence: -1,
      rival: '',
    }));
    // Every character other than a filler read in each cell, as the OCR read it and as its shape or height made it.
    const seen: Set<string>[] = Array.from({ length }, () => new Set());
    const put = (cell: number, text: string, confidence: number, read = text) => {
      if (cell < 0 || cell >= length) return;
      for (const character of [text, read]) if (character !== '<') seen[cell]!.add(character);
      if (confidence > cells[cell]!.confidence) cells[cell] = { text, confidence, rival: '' };
    };
    for (const symbol of line) {
      const first = Math.floor(((symbol.left + symbol.right) / 2 - left) / pitch);
      const span = Math.round((symbol.right - symbol.left) / pitch);
      if (symbol.text === '<' && span >= 2) {
        const from = Math.round((symbol.left - left) / pitch);
        for (let cell = from; cell < from + span; cell++) put(cell, '<', symbol.confidence);
      } else put(first, symbol.text, symbol.confidence, symbol.read);
    }
    // A cell read as two characters (G and 6 in one cell, or a G the heights made a 6): the other is its rival.
    cells.forEach((cell, at) => {
      cell.rival = [...seen[at]!].filter((character) => character !== cell.text).join('');
    });
    return cells;
  });
  return {
    lines: cellsOfLines.map((cells) => cells.map((cell) => cell.text || '<').join('')),
    // An empty cell (a dropped filler) is as unsure as can be.
    confidence: cellsOfLines.map((cells) => cells.map((cell) => Math.max(0, cell.confidence))),
    rivals: cellsOfLines.map((cells) => cells.map((cell) => cell.rival)),
  };
}

function coerced(lines: string[], format: MrzFormat): string[] {
  const kinds = LAYOUTS[format].kinds;
  const out = lines.map((line, lineIndex) =>
    [...line]
      .map((character, position) => {
        const kind = kinds[lineIndex]![position] as PositionKind;
        let next = character;
        if ((kind === 'N' || kind === 'C') && !/[0-9]/.test(character) && !(kind === 'C' && character === '<'))
          next = AS_DIGIT[character] ?? character;
        if (kind === 'A' && /[0-9]/.test(character)) next = AS_LETTER[character] ?? character;
        if (kind === 'S' && !/[MFX<]/.test(character))
          next = character === 'H' ? 'M' : character === 'E' || character === 'P' ? 'F' : '<';
        return next;
      })
      .join(''),
  );
  return out;
}

/**
 * Fillers read as letters after the names' end (`<` comes out as K, E, L, C, X or S, alone or in runs): the trailing
 * words made of those letters only, back to fillers. The names themselves are not touched.
 */
function namesWithFillers(names: string): string {
  const fillers = (tail: string) => '<'.repeat(tail.length);
  // A lone character at the very end after a run of fillers is noise at the edge of the line.
  return names.replace(/<{3,}[A-Z]$/, fillers).replace(/(<+[KELCXS]*)+$/, fillers);
}

/** The positions of a field (and its check digit) where a look-alike could stand. */
function positionsOf(field: CheckedField): [number, number][] {
  const positions: [number, number][] = [];
  for (const [line, start, end] of field.ranges) for (let i = start; i < end; i++) positions.push([line, i]);
  positions.push(field.digit);
  return positions;
}

function allowed(format: MrzFormat, line: number, position: number, character: string): boolean {
  const kind = LAYOUTS[format].kinds[line]![position] as PositionKind;
  if (kind === 'N') return /[0-9]/.test(character);
  if (kind === 'C') return /[0-9<]/.test(character);
  if (kind === 'A') return /[A-Z<]/.test(character);
  return true;
}

/**
 * How much surer the OCR must have been of the characters one repair changes than of those any other passing repair
 * changes, for that repair to be chosen (confidence 0–100, summed over the changed characters).
 */
const CONFIDENCE_MARGIN = 20;

/**
 * The change of one look-alike (else two) that makes `field` pass: the only one, or, when several do and the OCR's
 * confidence in each character is known, the one changing characters it was clearly least sure of. Null otherwise.
 */
function repairField(
  lines: string[],
  field: CheckedField,
  format: MrzFormat,
  confidence: readonly (readonly number[])[] | undefined,
): string[] | null {
  const positions = positionsOf(field).filter(([line, position]) => LOOK_ALIKES[lines[line]![position]!]);
  const withChange = (base: string[], [line, position]: [number, number], character: string) => {
    const copy = [...base];
    copy[line] = copy[line]!.slice(0, position) + character + copy[line]!.slice(position + 1);
    return copy;
  };
  for (const depth of [1, 2]) {
    const passing: string[][] = [];
    const explore = (base: string[], from: number, left: number) => {
      for (let i = from; i < positions.length; i++) {
        const [line, position] = positions[i]!;
        for (const character of LOOK_ALIKES[base[line]![position]!] ?? []) {
          if (!allowed(format, line, position, character)) continue;
          const next = withChange(base, positions[i]!, character);
          if (left === 1) {
            if (checkPasses(next, field)) passing.push(next);
          } else explore(next, i + 1, left - 1);
        }
      }
    };
    explore(lines, 0, depth);
    // The composite check digit cannot choose between them: its weights over a field are the field's own.
    const distinct = new Map(passing.map((candidate) => [candidate.join('\n'), candidate]));
    if (distinct.size === 1) return [...distinct.values()][0]!;
    if (distinct.size > 1) return confidence ? leastSureChange([...distinct.values()], lines, confidence) : null;
  }
  return null;
}

/** Of candidate repairs, the one whose changed characters the OCR was least sure of, by `CONFIDENCE_MARGIN`; else null. */
function leastSureChange(
  candidates: string[][],
  lines: string[],
  confidence: readonly (readonly number[])[],
): string[] | null {
  const scored = candidates
    .map((candidate) => {
      let sureness = 0;
      candidate.forEach((line, index) => {
        for (let position = 0; position < line.length; position++)
          if (line[position] !== lines[index]![position]) sureness += confidence[index]?.[position] ?? 100;
      });
      return { candidate, sureness };
    })
    .sort((a, b) => a.sureness - b.sureness);
  return scored[1]!.sureness - scored[0]!.sureness >= CONFIDENCE_MARGIN ? scored[0]!.candidate : null;
}

/** Where a zone's document number lies: its line, and its first and last position (exclusive). */
const NUMBER_AT: Record<MrzFormat, [number, number, number]> = { TD3: [1, 0, 9], TD1: [0, 5, 14] };

/**
 * The zone as it would read had a cell of its document number held its rival (see `gridLines`) instead, for each
 * cell whose rival the check digits cannot tell from what it holds (G and 6, L and 1, U and 0, K and a filler: their
 * values are alike modulo 10). The OCR reads such a cell as both, and its choice between them is no reading.
 */
export function rivalReadings(zone: RepairedMrz, rivals: readonly (readonly string[])[] | undefined): string[][] {
  if (!rivals) return [];
  const [line, start, end] = NUMBER_AT[zone.format];
  const out: string[][] = [];
  for (let position = start; position < end; position++) {
    const held = zone.lines[line]![position]!;
    // A filler the OCR read as K is told by its shape (see `withFillerShape` in mrz-ocr.ts), not by a rival.
    if (held === '<') continue;
    for (const rival of rivals[line]?.[position] ?? '') {
      if (rival === held || !/^[A-Z0-9]$/.test(rival) || checkDigit(rival) !== checkDigit(held)) continue;
      const lines = [...zone.lines];
      lines[line] = lines[line]!.slice(0, position) + rival + lines[line]!.slice(position + 1);
      out.push(lines);
    }
  }
  return out;
}

/** The names part of a zone (after the issuing state of a passport; the third line of an ID card). */
export const namesOf = (zone: { format: MrzFormat; lines: string[] }): string =>
  zone.lines[zone.format === 'TD3' ? 0 : 2]!.slice(zone.format === 'TD3' ? 5 : 0);

/** The zone with `names` in place of its own. */
export function withNames(zone: RepairedMrz, names: string): RepairedMrz {
  const lines = [...zone.lines];
  const line = zone.format === 'TD3' ? 0 : 2;
  lines[line] = lines[line]!.slice(0, zone.format === 'TD3' ? 5 : 0) + names;
  return { ...zone, lines };
}

/**
 * The zone repaired as far as its format and check digits allow (see the module's comment). `confidence`: the OCR's
 * confidence in each character (`gridLines`), which chooses between repairs that pass alike.
 */
export function repairMrz(raw: string[], format: MrzFormat, confidence?: readonly (readonly number[])[]): RepairedMrz {
  const { length } = LAYOUTS[format];
  const nameLine = format === 'TD3' ? 0 : 2;
  const nameStart = format === 'TD3' ? 5 : 0;
  const lines = coerced(
    raw.map((line) => line.padEnd(length, '<').slice(0, length)),
    format,
  );
  const names = lines[nameLine]!.slice(nameStart);
  // No `<<` between family and given names, but a letter alone between fillers: most likely the `<<` misread.
  const separated =
    !/[A-Z]<<[A-Z]/.test(names) && /[A-Z]<[KXEL]<[A-Z]/.test(names)
      ? names.replace(/([A-Z])<[KXEL]<([A-Z])/, '$1<<$2').padEnd(names.length, '<')
      : names;
  const filled = namesWithFillers(separated);
  lines[nameLine] = lines[nameLine]!.slice(0, nameStart) + filled;
  // An ID card's optional data are most often fillers, which the OCR reads as K, E, S… now and then.
  for (const [line, start, end] of OPTIONAL_DATA[format]) {
    const optional = lines[line]!.slice(start, end);
    if (/^[<KELCXS]*$/.test(optional) && optional.replace(/[^<]/g, '').length >= optional.length * 0.6)
      lines[line] = lines[line]!.slice(0, start) + '<'.repeat(end - start) + lines[line]!.slice(end);
  }
  // A passport's personal number is most often empty too: its check digit then reads `<` (or 0, the fillers' own), and
  // a field of fillers and the letters the OCR makes of them is fillers (a real personal number of those letters
  // alone would not give that check digit).
  if (format === 'TD3' && /^[<0]$/.test(lines[1]![42]!)) {
    const personal = lines[1]!.slice(28, 42);
    if (/^[<KELCXS]*$/.test(personal) && personal.replace(/[^<]/g, '').length >= personal.length * 0.6)
      lines[1] = lines[1]!.slice(0, 28) + '<'.repeat(14) + lines[1]!.slice(42);
  }
  let repaired = lines;
  let numberGuessed = false;
  for (const field of CHECKED_FIELDS[format]) {
    // The composite is never repaired: only optional data are its own to change, and a composite digit altered
    // on purpose would be "repaired" by turning a filler there into a letter.
    if (checkPasses(repaired, field) || field.name === 'composite') continue;
    const changed = repairField(repaired, field, format, confidence);
    if (changed && field.name === 'document number') numberGuessed = true;
    repaired = changed ?? repaired;
  }
  const failing = CHECKED_FIELDS[format].filter((field) => !checkPasses(repaired, field)).map((field) => field.name);
  return { format, lines: repaired, valid: failing.length === 0, failing, numberGuessed };
}
