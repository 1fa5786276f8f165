/** Business-day arithmetic on UTC calendar dates: pure, no clock. */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant's UTC date. */
export const utcDateOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** The UTC midnight of the `n`-th `weekday` (0 Sunday … 6 Saturday) of a month (`n` = -1: the last one). */
function nthWeekday({ year, month, weekday, n }: { year: number; month: number; weekday: number; n: number }): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    return new Date(Date.UTC(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  return new Date(Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
}

/** A fixed-date holiday falling on a Saturday is observed the Friday before, on a Sunday the Monday after. */
function observed(date: Date): Date {
  const day = date.getUTCDay();
  if (day === 6) return new Date(date.getTime() - DAY_MS);
  if (day === 0) return new Date(date.getTime() + DAY_MS);
  return date;
}

/** The eleven US federal holidays of a year (5 U.S.C. 6103), as observed, `YYYY-MM-DD`. */
export function usFederalHolidays(year: number): string[] {
  const fixed = (month: number, day: number) => observed(new Date(Date.UTC(year, month, day)));
  return [
    fixed(0, 1), // New Year's Day
    nthWeekday({ year, month: 0, weekday: 1, n: 3 }), // Martin Luther King Jr. Day
    nthWeekday({ year, month: 1, weekday: 1, n: 3 }), // Washington's Birthday
    nthWeekday({ year, month: 4, weekday: 1, n: -1 }), // Memorial Day
    fixed(5, 19), // Juneteenth
    fixed(6, 4), // Independence Day
    nthWeekday({ year, month: 8, weekday: 1, n: 1 }), // Labor Day
    nthWeekday({ year, month: 9, weekday: 1, n: 2 }), // Columbus Day
    fixed(10, 11), // Veterans Day
    nthWeekday({ year, month: 10, weekday: 4, n: 4 }), // Thanksgiving Day
    fixed(11, 25), // Christmas Day
  ].map(utcDateOf);
}

/** Whether a UTC date is a business day: not a Saturday, a Sunday or a holiday of `holidaysOf(year)`. */
export function isBusinessDay(date: Date, holidaysOf: (year: number) => readonly string[]): boolean {
  const day = date.getUTCDay();
  if (day === 0 || day === 6) return false;
  const year = date.getUTCFullYear();
  // A holiday observed on 31 December belongs to the next year's list (New Year's Day on a Saturday).
  const iso = utcDateOf(date);
  return !holidaysOf(year).includes(iso) && !holidaysOf(year + 1).includes(iso);
}

/**
 * When a waiting period of `days` business days that starts at `start` ends: the day of `start` does not count, and
 * the period ends at the UTC midnight after its last business day (the whole of that day is given).
 */
export function endOfBusinessDays({
  start,
  days,
  holidaysOf = usFederalHolidays,
}: {
  start: Date;
  days: number;
  holidaysOf?: (year: number) => readonly string[];
}): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number >= 0, not ${days}`);
  let date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  let counted = 0;
  while (counted < days) {
    date = new Date(date.getTime() + DAY_MS);
    if (isBusinessDay(date, holidaysOf)) counted += 1;
  }
  return days === 0 ? start : new Date(date.getTime() + DAY_MS);
}
