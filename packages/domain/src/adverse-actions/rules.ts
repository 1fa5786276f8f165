import { endOfBusinessDays, usFederalHolidays } from './business-days.js';

/**
 * The rules of adverse action as data: one row per jurisdiction. A jurisdiction that requires a longer waiting period
 * or another statement is a new row here, not new code: the API, the worker, the notices and the docs read this table.
 */
export type AdverseActionRule = {
  /** `US`, a state `US-CA`, or a city `US-NY-New York`: country, then `province_state`, then city (as given). */
  readonly jurisdiction: string;
  /** What the docs call it. */
  readonly name: string;
  /** Business days between the pre-adverse notice and the final notice (no dispute meanwhile). */
  readonly waitingBusinessDays: number;
  /** The notices sent, in order. */
  readonly notices: readonly AdverseNoticeKind[];
  /** A statement the pre-adverse notice adds for this jurisdiction, in English and French; null when none. */
  readonly preAdverseStatement: { readonly en: string; readonly fr: string } | null;
  /** Which days besides Saturdays and Sundays are no business day: a calendar of `HOLIDAY_CALENDARS`. */
  readonly holidays: keyof typeof HOLIDAY_CALENDARS;
};

/** Holiday calendars by name: each gives a year's holidays (`YYYY-MM-DD`). */
export const HOLIDAY_CALENDARS = { us_federal: usFederalHolidays } as const;

/** The notices of an adverse action: before the decision (with the report and the rights), and after it. */
export type AdverseNoticeKind = 'pre_adverse' | 'final';

const FCRA_NOTICES: readonly AdverseNoticeKind[] = ['pre_adverse', 'final'];

export const ADVERSE_ACTION_RULES: readonly AdverseActionRule[] = [
  {
    jurisdiction: 'US',
    name: 'United States (Fair Credit Reporting Act)',
    waitingBusinessDays: 5,
    notices: FCRA_NOTICES,
    preAdverseStatement: null,
    holidays: 'us_federal',
  },
  {
    jurisdiction: 'US-CA',
    name: 'California (Fair Chance Act)',
    waitingBusinessDays: 5,
    notices: FCRA_NOTICES,
    preAdverseStatement: {
      en: 'You have the right to respond to this notice before the decision becomes final, within 5 business days, and to submit evidence challenging the accuracy of the conviction history, evidence of rehabilitation or mitigating circumstances, or both.',
      fr: 'Vous avez le droit de répondre à cet avis avant que la décision ne devienne définitive, dans un délai de 5 jours ouvrables, et de fournir des preuves contestant l’exactitude des antécédents, des preuves de réhabilitation ou de circonstances atténuantes, ou les deux.',
    },
    holidays: 'us_federal',
  },
];

/** Where the position is: `position_or_property_location` of the order. */
export type AdverseActionLocation = {
  readonly country: string;
  readonly province_state?: string | null | undefined;
  readonly city?: string | null | undefined;
};

const normalised = (part: string) => part.trim().toUpperCase();

/**
 * The most specific row for a location (city, then state, then country), or null when no row covers its country: no
 * adverse-action workflow exists there.
 */
export function adverseActionRuleFor(
  location: AdverseActionLocation,
  rules: readonly AdverseActionRule[] = ADVERSE_ACTION_RULES,
): AdverseActionRule | null {
  const parts = [location.country, location.province_state, location.city].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  for (let length = parts.length; length > 0; length -= 1) {
    const key = parts.slice(0, length).map(normalised).join('-');
    const rule = rules.find((candidate) => normalised(candidate.jurisdiction) === key);
    if (rule) return rule;
  }
  return null;
}

/** When the waiting period of `rule` that starts at `start` ends (`endOfBusinessDays` in the rule's calendar). */
export const waitingPeriodEnd = (rule: AdverseActionRule, start: Date): Date =>
  endOfBusinessDays({ start, days: rule.waitingBusinessDays, holidaysOf: HOLIDAY_CALENDARS[rule.holidays] });
