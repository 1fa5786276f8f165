const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

const pad = (value: string) => value.padStart(2, '0');

/**
 * A list's date of birth as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, from the forms the lists use: `1952-10-07`,
 * `07 Oct 1952`, `Oct 1952`, `1952`, `07/10/1952` (day first), `00/00/1952` (unknown parts), `circa 1952`. Null for
 * anything else.
 */
export function listDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value
    .trim()
    .toLowerCase()
    .replace(/^(circa|c\.|approximately|approx\.?|about)\s*/, '');
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (match) return calendar(match[1]!, match[2]!, match[3]!);
  match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (match) return calendar(match[3]!, match[2]!, match[1]!);
  match = /^(\d{1,2}) ([a-z]{3})[a-z]* (\d{4})$/.exec(text);
  if (match && MONTHS[match[2]!]) return calendar(match[3]!, MONTHS[match[2]!]!, match[1]!);
  match = /^([a-z]{3})[a-z]* (\d{4})$/.exec(text);
  if (match && MONTHS[match[1]!]) return calendar(match[2]!, MONTHS[match[1]!]!, '0');
  match = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (match) return calendar(match[1]!, match[2]!, '0');
  match = /^(\d{4})$/.exec(text);
  if (match) return calendar(match[1]!, '0', '0');
  return null;
}

function calendar(year: string, month: string, day: string): string | null {
  const y = Number(year);
  if (y < 1800 || y > 2100) return null;
  if (Number(month) === 0 || Number(month) > 12) return year;
  if (Number(day) === 0 || Number(day) > 31) return `${year}-${pad(month)}`;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Every year of a list's range of birth years (`1960 to 1962`), at most 10. */
export function yearRange(from: string | null | undefined, to: string | null | undefined): string[] {
  const start = Number(from);
  const end = Number(to);
  if (!Number.isInteger(start) || !Number.isInteger(end) || end < start || end - start > 10) return [];
  return Array.from({ length: end - start + 1 }, (_, index) => String(start + index));
}
