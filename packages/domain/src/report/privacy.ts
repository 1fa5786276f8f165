import { HIDDEN_CHARACTERS, type InformationInput } from '@svc/contract';
import { ssnDigits } from '../simulator/normalise.js';
import { formatDate } from './format.js';
import type { TeamSettings } from './types.js';

/** What the team's settings ask the report to leave out. */
export type Privacy = {
  readonly hideSinSsn: boolean;
  readonly hideDateOfBirth: boolean;
  readonly hideDetailedFinancial: boolean;
  readonly hideCurrentAddress: boolean;
  readonly hideSsnTrace: boolean;
  readonly excludePossibleMatches: boolean;
};

export function privacyOf(settings: Partial<TeamSettings>): Privacy {
  return {
    hideSinSsn: settings.hide_sin_ssn === true,
    hideDateOfBirth: settings.hide_date_of_birth === true,
    hideDetailedFinancial: settings.hide_detailed_financial === true,
    hideCurrentAddress: settings.hide_current_address === true,
    hideSsnTrace: settings.hide_ssn_trace === true,
    excludePossibleMatches: settings.exclude_softcheck_possible_matches === true,
  };
}

/**
 * What the team's settings hide from API responses (records, list items): the SIN/SSN and the date of birth, in
 * `information` and wherever a check result quotes them. The other `hide_*` settings shape the report only.
 */
export function responsePrivacyOf(settings: Partial<TeamSettings>): Privacy {
  return {
    ...privacyOf({}),
    hideSinSsn: settings.hide_sin_ssn === true,
    hideDateOfBirth: settings.hide_date_of_birth === true,
  };
}

const MASK = '•';

/**
 * A SIN/SSN as the report prints it when allowed: never in full (a printed report travels), only its last digits,
 * in the number's own layout: `•••-••-6789` for a US SSN, `••• ••• 789` for a Canadian SIN (and elsewhere).
 */
export function maskedSinSsn(value: InformationInput['sin_ssn'] | null, country: string): string | null {
  const digits = ssnDigits(value ?? null);
  if (digits === null) return null;
  return country === 'US'
    ? `${MASK.repeat(3)}-${MASK.repeat(2)}-${digits.slice(-4)}`
    : `${MASK.repeat(3)} ${MASK.repeat(3)} ${digits.slice(-3)}`;
}

/** One rewrite of every text of the report. */
export type Redaction = { readonly pattern: RegExp; readonly replacement: string };

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The digits in order, with any one separator (space, dot, dash) allowed between two of them. */
const digitsPattern = (digits: string): string => [...digits].join('[\\s.-]?');

/**
 * The rewrites that remove hidden values wherever a provider's text repeats them (a court record quoting the date
 * of birth, a trace naming the SSN's last digits, a reference naming the current street address).
 */
export function redactionsFor(information: InformationInput, privacy: Privacy): Redaction[] {
  const redactions: Redaction[] = [];
  const digits = ssnDigits(information.sin_ssn ?? null);
  if (privacy.hideSinSsn && digits !== null) {
    redactions.push(
      { pattern: new RegExp(`(?<!\\d)${digitsPattern(digits)}(?!\\d)`, 'g'), replacement: '[SIN/SSN hidden]' },
      {
        pattern: new RegExp(`\\b(ending|last (?:four|4|3) digits?)\\s+${digits.slice(-4)}\\b`, 'gi'),
        replacement: `$1 ${MASK.repeat(4)}`,
      },
    );
  }
  const dateOfBirth = information.date_of_birth?.trim();
  if (privacy.hideDateOfBirth && dateOfBirth) {
    for (const written of new Set([dateOfBirth, formatDate(dateOfBirth)])) {
      redactions.push({ pattern: new RegExp(escapeRegExp(written), 'g'), replacement: '[date of birth hidden]' });
    }
  }
  const current = information.addresses?.[0];
  if (privacy.hideCurrentAddress && current) {
    for (const part of [current.address, current.postal_code]) {
      const written = part?.trim();
      if (written)
        redactions.push({ pattern: new RegExp(escapeRegExp(written), 'gi'), replacement: '[current address hidden]' });
    }
  }
  return redactions;
}

/**
 * Characters that reorder or hide text, shown as a visible mark: orders refuse them, but a report must read as what
 * is stored even for text that came another way (or before the rule), so none can reorder what a reviewer reads.
 */
export const HIDDEN_CHARACTER_REDACTION: Redaction = {
  pattern: new RegExp(HIDDEN_CHARACTERS.source, 'gu'),
  replacement: '[hidden character]',
};

/** An amount of money in a provider's text (`$1,250`, `£300`, `A$75.50`). */
export const MONEY_REDACTION: Redaction = {
  pattern: /(?:A\$|\$|£)\s?\d[\d,]*(?:\.\d+)?/g,
  replacement: '[amount hidden]',
};

export const redactText = (value: string, redactions: readonly Redaction[]): string =>
  redactions.reduce((written, redaction) => written.replace(redaction.pattern, redaction.replacement), value);

/** Every string inside a value rewritten (the value is plain data: objects, arrays, strings, numbers). */
export function redactDeep<T>(value: T, redactions: readonly Redaction[]): T {
  if (redactions.length === 0) return value;
  if (typeof value === 'string') return redactText(value, redactions) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, redactions)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, redactions)])) as T;
  }
  return value;
}
