import { countryName } from '../simulator/reference-data.js';

/**
 * Wording of values in the report. Dates read `15 Jun 1990` (unambiguous in every country), times are UTC, and
 * a missing value reads as an en dash so a table never shows `null`.
 */

export const MISSING = '–';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** `1990-06-15` (or an ISO date-time) -> `15 Jun 1990`; other text as given; null -> `–`. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return MISSING;
  const match = CALENDAR_DATE.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return value;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** A moment as `2 Jun 2025, 14:30 UTC`. */
export function formatDateTime(moment: Date): string {
  const iso = moment.toISOString();
  return `${formatDate(iso)}, ${iso.slice(11, 16)} UTC`;
}

export const formatMoment = (moment: Date | null): string => (moment ? formatDateTime(moment) : MISSING);

/** `from – to`, `from – present` for an open period. */
export function formatPeriod(from: string | null | undefined, to: string | null | undefined): string {
  if (!from && !to) return MISSING;
  return `${formatDate(from)} – ${to ? formatDate(to) : 'present'}`;
}

/** Whole currency units with thousands separators: `$12,345` (`£`, `A$` for the UK and Australia). */
export function formatMoney(amount: number | null | undefined, country: string): string {
  if (amount === null || amount === undefined) return MISSING;
  const symbol = country === 'GB' ? '£' : country === 'AU' ? 'A$' : '$';
  const sign = amount < 0 ? '−' : '';
  return `${sign}${symbol}${Math.round(Math.abs(amount)).toLocaleString('en-US')}`;
}

export const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? MISSING : String(value);

/** A yes/no finding: `Yes`, `No`, `–` when unknown. */
export const yesNo = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? MISSING : value ? 'Yes' : 'No';

/** Names joined with single spaces, empty parts left out. */
export const joinName = (...parts: readonly (string | null | undefined)[]): string =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');

/** `120 King Street West, Unit 1504, Toronto, ON M5H 1J9, Canada`. */
export function formatAddress(address: {
  readonly address?: string | null;
  readonly unit?: string | null;
  readonly city?: string | null;
  readonly province_state?: string | null;
  readonly postal_code?: string | null;
  readonly country?: string | null;
}): string {
  const region = joinName(address.province_state, address.postal_code);
  const parts = [
    address.address,
    address.unit ? `Unit ${address.unit}` : null,
    address.city,
    region,
    address.country ? countryName(address.country) : null,
  ];
  const written = parts.map((part) => part?.trim() ?? '').filter((part) => part !== '');
  return written.length > 0 ? written.join(', ') : MISSING;
}

export { countryName };

/** A worker failure text (`provider_unavailable: the provider did not answer…`) as a sentence for the reader. */
export function failureSentence(failure: string | null): string {
  const reason = (failure ?? '').replace(/^[a-z_]+:\s*/, '').trim();
  if (reason === '') return 'The check could not be completed.';
  const sentence = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** A count with its noun: `1 account`, `3 accounts`. */
export const count = (amount: number, singular: string, plural = `${singular}s`): string =>
  `${amount} ${amount === 1 ? singular : plural}`;

/** Every ISO calendar date inside a provider's sentence written as the report writes dates. */
export const withReadableDates = (value: string): string =>
  value.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => formatDate(date));
