import type { EntityType } from './model.js';
import type { NameComparison } from './match.js';

/** What is known of the applicant besides the name. */
export type ApplicantFacts = {
  /** `YYYY-MM-DD`, when given. */
  readonly birthDate: string | null;
  /** ISO 3166-1 alpha-2 codes (nationalities, citizenships), when given. */
  readonly nationalities: readonly string[];
};

/** What is known of a list entry besides its names. */
export type EntryFacts = {
  readonly entityType: EntityType;
  readonly birthDates: readonly string[];
  readonly nationalities: readonly string[];
};

export type BirthDateFinding = 'same_date' | 'same_year' | 'same_year_other_date' | 'different_year' | 'not_compared';
export type NationalityFinding = 'same' | 'different' | 'not_compared';

export type EntryScore = {
  readonly score: number;
  readonly nameScore: number;
  readonly birthDate: BirthDateFinding;
  readonly nationality: NationalityFinding;
};

/**
 * How a date of birth changes a name's score: the same date adds a little, the same year (when the list knows only
 * the year) less; another year makes it a different person (×0.6: a name alone is then below any sensible
 * threshold); another date in the same year is doubtful (×0.9). Unknown on either side: no change.
 */
const BIRTH_DATE_EFFECT: { readonly [F in BirthDateFinding]: (score: number) => number } = {
  same_date: (score) => score + 0.05,
  same_year: (score) => score + 0.03,
  same_year_other_date: (score) => score * 0.9,
  different_year: (score) => score * 0.6,
  not_compared: (score) => score,
};

/** Nationality weighs little: people hold several and lists miss some. */
const NATIONALITY_EFFECT: { readonly [F in NationalityFinding]: (score: number) => number } = {
  same: (score) => score + 0.02,
  different: (score) => score - 0.05,
  not_compared: (score) => score,
};

function birthDateFinding(birthDate: string | null, listed: readonly string[]): BirthDateFinding {
  if (!birthDate || listed.length === 0) return 'not_compared';
  if (listed.includes(birthDate)) return 'same_date';
  const year = birthDate.slice(0, 4);
  const sameYear = listed.filter((date) => date.slice(0, 4) === year);
  if (sameYear.length === 0) return 'different_year';
  return sameYear.some((date) => birthDate.startsWith(date)) ? 'same_year' : 'same_year_other_date';
}

function nationalityFinding(nationalities: readonly string[], listed: readonly string[]): NationalityFinding {
  if (nationalities.length === 0 || listed.length === 0) return 'not_compared';
  return nationalities.some((code) => listed.includes(code)) ? 'same' : 'different';
}

/**
 * The score of a list entry for a person: its best name's score moved by the date of birth and nationality. Entries
 * that are not people (organisations, vessels, aircraft) are not compared with a person: null.
 */
export function scoreEntry(applicant: ApplicantFacts, entry: EntryFacts, name: NameComparison): EntryScore | null {
  if (entry.entityType !== 'person' && entry.entityType !== 'unknown') return null;
  const birthDate = birthDateFinding(applicant.birthDate, entry.birthDates);
  const nationality = nationalityFinding(applicant.nationalities, entry.nationalities);
  const score = NATIONALITY_EFFECT[nationality](BIRTH_DATE_EFFECT[birthDate](name.score));
  return { score: Math.max(0, Math.min(1, score)), nameScore: name.score, birthDate, nationality };
}
