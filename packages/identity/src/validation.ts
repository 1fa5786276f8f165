import type { DocumentData } from './document.js';

/** What the document's own data says of it, apart from the applicant: each a problem, or nothing. */
export type DocumentValidation = {
  /** `expired`, `unknown` (no expiry read) or `valid`. */
  readonly expiry: 'valid' | 'expired' | 'unknown';
  /** Dates that cannot be (a birth in the future, a holder under 10 or over 120, an expiry 20 years away…). */
  readonly implausible: string[];
};

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const yearsBetween = (from: string, to: string) =>
  (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / (365.25 * 86_400_000);

/** Expiry and plausibility of the document's dates on `now` (check digits and issuing country: read-document.ts). */
export function validateDocument(document: DocumentData, now: Date): DocumentValidation {
  const today = now.toISOString().slice(0, 10);
  const implausible: string[] = [];
  const { birthDate, expiryDate } = document;
  if (birthDate && !isCalendarDate(birthDate)) implausible.push('the date of birth is not a calendar date');
  else if (birthDate && (yearsBetween(birthDate, today) < 10 || yearsBetween(birthDate, today) > 120))
    implausible.push('the date of birth gives an implausible age');
  if (expiryDate && !isCalendarDate(expiryDate)) implausible.push('the expiry date is not a calendar date');
  else if (expiryDate && yearsBetween(today, expiryDate) > 20)
    implausible.push('the expiry date is over 20 years away');
  if (!birthDate) implausible.push('no date of birth was read');
  const expiry = !expiryDate || !isCalendarDate(expiryDate) ? 'unknown' : expiryDate < today ? 'expired' : 'valid';
  return { expiry, implausible };
}
