import type { BirthDateFinding, NationalityFinding } from './decide.js';
import type { TokenMatch, TokenMatchKind } from './match.js';
import type { IndexHit } from './screening-index.js';

const HOW: { readonly [K in TokenMatchKind]: string } = {
  exact: 'the same word',
  joined: 'the same words written together',
  variant: 'known forms of one name',
  phonetic: 'sounds alike',
  spelling: 'a spelling variant',
  initial: 'an initial',
};

const BIRTH_DATE: { readonly [F in BirthDateFinding]: string } = {
  same_date: 'the date of birth is the one listed',
  same_year: 'the year of birth is the one listed (the list gives no full date)',
  same_year_other_date: 'the year of birth is listed, with another day or month',
  different_year: 'the year of birth differs from every one listed',
  not_compared: 'dates of birth not compared (not given or not listed)',
};

const NATIONALITY: { readonly [F in NationalityFinding]: string } = {
  same: 'a nationality is one listed',
  different: 'no nationality is one listed',
  not_compared: 'nationalities not compared (not given or not listed)',
};

const word = (match: TokenMatch) =>
  match.kind === 'exact'
    ? `"${match.query}": ${HOW.exact}`
    : `"${match.query}" ~ "${match.listed}": ${HOW[match.kind]}`;

/** Why a hit scored as it did, in sentences a compliance officer can check: each word, then the other facts. */
export function reasonsOf(hit: IndexHit): string[] {
  return [
    ...hit.name.matches.map(word),
    ...hit.name.unmatchedQuery.map((token) => `"${token}": not in the listed name`),
    ...hit.name.unmatchedListed.map((token) => `"${token}": listed, not in the applicant's name`),
    BIRTH_DATE[hit.birthDate],
    NATIONALITY[hit.nationality],
    ...(hit.asClose > 0
      ? [`${hit.asClose} other ${hit.asClose === 1 ? 'person' : 'people'} of this list match the name as closely`]
      : []),
  ];
}
