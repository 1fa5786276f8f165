/**
 * The layouts of machine-readable zones (ICAO 9303): which positions hold a letter, a digit or either, and the fields
 * their check digits cover.
 */

export type MrzFormat = 'TD1' | 'TD3';

/** `A` letter or `<`, `N` digit, `X` letter, digit or `<`, `S` sex, `C` check digit (or `<` for an empty field). */
export type PositionKind = 'A' | 'N' | 'X' | 'S' | 'C';

export const LAYOUTS: Record<MrzFormat, { lines: number; length: number; kinds: string[] }> = {
  TD3: {
    lines: 2,
    length: 44,
    kinds: ['AAAAA' + 'A'.repeat(39), 'XXXXXXXXXC' + 'AAA' + 'NNNNNNC' + 'S' + 'NNNNNNC' + 'X'.repeat(14) + 'CC'],
  },
  TD1: {
    lines: 3,
    length: 30,
    kinds: [
      'AAAAA' + 'XXXXXXXXXC' + 'X'.repeat(15),
      'NNNNNNC' + 'S' + 'NNNNNNC' + 'AAA' + 'X'.repeat(11) + 'C',
      'A'.repeat(30),
    ],
  },
};

/** A field with a check digit: the positions it covers (line, start, end exclusive) and where its digit is. */
export type CheckedField = { name: string; ranges: [number, number, number][]; digit: [number, number] };

export const CHECKED_FIELDS: Record<MrzFormat, CheckedField[]> = {
  TD3: [
    { name: 'document number', ranges: [[1, 0, 9]], digit: [1, 9] },
    { name: 'date of birth', ranges: [[1, 13, 19]], digit: [1, 19] },
    { name: 'expiry date', ranges: [[1, 21, 27]], digit: [1, 27] },
    { name: 'personal number', ranges: [[1, 28, 42]], digit: [1, 42] },
    {
      name: 'composite',
      ranges: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 43],
      ],
      digit: [1, 43],
    },
  ],
  TD1: [
    { name: 'document number', ranges: [[0, 5, 14]], digit: [0, 14] },
    { name: 'date of birth', ranges: [[1, 0, 6]], digit: [1, 6] },
    { name: 'expiry date', ranges: [[1, 8, 14]], digit: [1, 14] },
    {
      name: 'composite',
      ranges: [
        [0, 5, 30],
        [1, 0, 7],
        [1, 8, 15],
        [1, 18, 29],
      ],
      digit: [1, 29],
    },
  ],
};

/** The optional data fields without a check digit of their own (line, start, end exclusive). */
export const OPTIONAL_DATA: Record<MrzFormat, [number, number, number][]> = {
  TD3: [],
  TD1: [
    [0, 15, 30],
    [1, 18, 29],
  ],
};

const VALUES: Record<string, number> = { '<': 0 };
for (let digit = 0; digit <= 9; digit++) VALUES[String(digit)] = digit;
for (let letter = 0; letter < 26; letter++) VALUES[String.fromCharCode(65 + letter)] = letter + 10;

/** ICAO 9303 check digit of a field: weights 7, 3, 1 repeating, sum modulo 10. */
export function checkDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += (VALUES[field[i]!] ?? 0) * [7, 3, 1][i % 3]!;
  return sum % 10;
}

const fieldText = (lines: string[], field: CheckedField) =>
  field.ranges.map(([line, start, end]) => lines[line]!.slice(start, end)).join('');

/** Whether a field's check digit passes. */
export function checkPasses(lines: string[], field: CheckedField): boolean {
  const digit = lines[field.digit[0]]![field.digit[1]]!;
  const text = fieldText(lines, field);
  // An empty optional field may carry `<` as its check digit.
  if (digit === '<') return /^<*$/.test(text);
  return digit === String(checkDigit(text));
}
