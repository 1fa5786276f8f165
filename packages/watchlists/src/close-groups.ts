// Telling listed people apart: how closely each of an applicant's words matched a listed name, and the groups of
// people of one list who match it equally closely (`ScreeningIndex.screen`).
import type { BirthDateFinding } from './decide.js';
import type { NameComparison, TokenMatch } from './match.js';
import { editDistance } from './similarity.js';

/** The people of one list whose names match each of the applicant's words equally closely (`wordSimilarities`). */
export type CloseGroup = {
  readonly list: number;
  readonly words: ReadonlyMap<string, number>;
  readonly entries: Set<number>;
  /** Those whose date of birth does not contradict the applicant's. */
  readonly uncontradicted: Set<number>;
  /** Those whose date of birth (or year, when only the year is listed) is the applicant's. */
  readonly corroborated: Set<number>;
  readonly sameDate: Set<number>;
};

/** A group's key: the list, and each of the applicant's words with how close it matched. */
export const signatureOf = (list: number, words: ReadonlyMap<string, number>) =>
  `${list} ${[...words]
    .map(([word, close]) => `${word}:${close}`)
    .sort()
    .join(' ')}`;

export const CORROBORATED: ReadonlySet<BirthDateFinding> = new Set(['same_date', 'same_year']);
export const CONTRADICTED: ReadonlySet<BirthDateFinding> = new Set(['different_year', 'same_year_other_date']);

/**
 * A name that only a misspelling, a sound or an initial makes close to a listed person, and that is as close to two
 * or more other people of the same list, identifies none of them: it costs this much for each of the others (two:
 * 0.1, into the review band; the more people it fits, the less it tells of each).
 */
export const AMBIGUOUS_PEOPLE = 2;
export const AMBIGUITY_COST = 0.05;

/**
 * How close a matched word is, for telling listed people apart: the same name (the same word, known forms of one
 * given name, the same letters written together) 10, each letter changed one less, an initial 7.5 (between two and
 * three letters, as it scores). Not the similarity: a spelling a letter away and a sound a letter away are equally
 * close (`rastolev` is `raspolev`'s typo as much as `rastilev`'s), and known forms of a name are the name.
 */
function closeness(match: TokenMatch): number {
  switch (match.kind) {
    case 'exact':
    case 'variant':
      return 10;
    case 'initial':
      return 7.5;
    case 'joined':
      return match.query.replace(' ', '') === match.listed.replace(' ', '') ? 10 : 9;
    default:
      return 10 - editDistance(match.query, match.listed, 5);
  }
}

/** How close each of the applicant's words matched (a word written together with the next counts for both). */
export function wordSimilarities(comparison: NameComparison): Map<string, number> {
  const words = new Map<string, number>();
  for (const match of comparison.matches) {
    const close = closeness(match);
    for (const word of match.query.split(' ')) words.set(word, Math.max(words.get(word) ?? 0, close));
  }
  return words;
}

/** Whether one name matches every word of the applicant's at least as well as another, and one of them better. */
export function dominates(one: ReadonlyMap<string, number>, other: ReadonlyMap<string, number>): boolean {
  let better = false;
  for (const [word, similarity] of other) {
    const mine = one.get(word) ?? 0;
    if (mine < similarity) return false;
    if (mine > similarity) better = true;
  }
  for (const [word, similarity] of one) if (!other.has(word) && similarity > 0) better = true;
  return better;
}
