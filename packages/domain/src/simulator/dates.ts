/** Calendar-date helpers. Pure: every date is computed from the `now` the caller passes. */

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a moment (UTC). */
export const isoDate = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The calendar date `days` before `now` (negative: after). */
export const daysBefore = (now: Date, days: number): string => isoDate(new Date(now.getTime() - days * DAY_MS));

/** The calendar date `days` after `now`. */
export const daysAfter = (now: Date, days: number): string => daysBefore(now, -days);

/** A calendar date shifted by `days`. */
export const shiftDate = (date: string, days: number): string =>
  isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));

/** Whether a value is a real `YYYY-MM-DD` date. */
export const isCalendarDate = (value: unknown): value is string =>
  typeof value === 'string' && CALENDAR_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The value when it is a real calendar date, else null. */
export const calendarDateOrNull = (value: unknown): string | null => (isCalendarDate(value) ? value : null);

/** Whole days from `from` to `to` (both calendar dates). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whole months (30.44 days) from `from` to `to`, never negative. */
export const monthsBetween = (from: string, to: string): number =>
  Math.max(0, Math.round(daysBetween(from, to) / 30.44));

/** Two-digit year of a calendar date (`2019-03-14` -> `19`). */
export const shortYear = (date: string): string => date.slice(2, 4);
