import type { InformationInput } from '@svc/contract';

/** Trimmed, lower-case, single-spaced, Unicode-normalised text: `  JOHN  smith ` -> `john smith`. */
export function normaliseText(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The 9 digits of a SIN/SSN given as a number or a string (`0` -> `000000000`); null when absent. */
export function ssnDigits(value: InformationInput['sin_ssn'] | null): string | null {
  if (value === undefined || value === null) return null;
  const digits = String(value).replace(/\D/g, '');
  return digits === '' ? null : digits.padStart(9, '0');
}

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

function normaliseValue(value: unknown): Json | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const text = normaliseText(value);
    return text === '' ? undefined : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => normaliseValue(item) ?? null);
  if (typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .flatMap((key) => {
        const normalised = normaliseValue((value as Record<string, unknown>)[key]);
        return normalised === undefined ? [] : [[key, normalised] as const];
      });
    return Object.fromEntries(entries);
  }
  return undefined;
}

/**
 * A stable string for the applicant's information: keys sorted, text normalised, empty values dropped, the SIN/SSN
 * reduced to its digits. Two inputs that differ only in case, spacing or key order give the same key (and so the
 * same simulated results).
 */
export function informationKey(information: InformationInput): string {
  const { sin_ssn: sinSsn, ...rest } = information;
  return JSON.stringify(normaliseValue({ ...rest, sin_ssn: ssnDigits(sinSsn ?? null) }) ?? {});
}

/** "First Middle Last", from what is given. */
export function fullName(information: InformationInput): string {
  const parts = [information.first_name, information.middle_name, information.last_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return parts.length === 0 ? 'the applicant' : parts.join(' ');
}

/** `123 Main Street` -> { civic: `123`, street: `Main Street` }. */
export function splitStreetAddress(address: string): { civic: string | null; street: string } {
  const match = /^\s*(\d+[A-Za-z]?)\s+(.*)$/.exec(address);
  return match ? { civic: match[1] ?? null, street: (match[2] ?? '').trim() } : { civic: null, street: address.trim() };
}

/** A URL-friendly slug of a name: `Jean-Luc Picard` -> `jean-luc-picard`. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'applicant'
  );
}
