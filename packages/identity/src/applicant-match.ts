import type { DocumentData } from './document.js';

/** What the applicant said of themselves (their information in svc). Personal data: never log it. */
export type ApplicantIdentity = {
  readonly firstName: string | null;
  readonly middleName: string | null;
  readonly lastName: string | null;
  /** `YYYY-MM-DD`. */
  readonly birthDate: string | null;
};

/** How one field of the document compares with the applicant's: `unknown` when either side lacks it. */
export type FieldMatch = 'match' | 'mismatch' | 'unknown';

export type ApplicantMatch = {
  readonly birthDate: FieldMatch;
  readonly lastName: FieldMatch;
  readonly givenNames: FieldMatch;
};

/**
 * A name as comparable words: capitals, no diacritics (the MRZ and most barcodes have none: Müller is MULLER),
 * hyphens, apostrophes and fillers as word breaks.
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** One spelling of a word for both sides: the German transliteration (MUELLER) and the bare letter (MULLER) meet. */
const canonical = (word: string) => word.replace(/AE/g, 'A').replace(/OE/g, 'O').replace(/UE/g, 'U');

/** The same words, in any order, each once. */
function sameWords(applicant: string[], document: string[]): boolean {
  if (applicant.length === 0 || applicant.length !== document.length) return false;
  const sorted = (words: string[]) => words.map(canonical).sort().join(' ');
  return sorted(applicant) === sorted(document);
}

/**
 * The document's data against the applicant's: the date of birth exactly; the names as words in any order, case and
 * diacritics aside. The given names match when the document's are the applicant's first name, with or without the
 * middle names. Names the document does not vouch for (`namesTrusted` false) are `unknown`, never a match.
 */
export function matchApplicant(document: DocumentData, applicant: ApplicantIdentity): ApplicantMatch {
  const birthDate: FieldMatch =
    !document.birthDate || !applicant.birthDate
      ? 'unknown'
      : document.birthDate === applicant.birthDate
        ? 'match'
        : 'mismatch';
  if (!document.namesTrusted) return { birthDate, lastName: 'unknown', givenNames: 'unknown' };
  const documentLast = nameWords(document.lastName ?? '');
  const documentGiven = nameWords(document.givenNames ?? '');
  const applicantLast = nameWords(applicant.lastName ?? '');
  const first = nameWords(applicant.firstName ?? '');
  const middle = nameWords(applicant.middleName ?? '');
  const compare = (applicantWords: string[][], documentWords: string[]): FieldMatch =>
    applicantWords[0]!.length === 0 || documentWords.length === 0
      ? 'unknown'
      : applicantWords.some((words) => sameWords(words, documentWords))
        ? 'match'
        : 'mismatch';
  let lastName = compare([applicantLast], documentLast);
  let givenNames = compare([[...first, ...middle], first], documentGiven);
  // Family and given names swapped between the two (order is not a mismatch).
  if (lastName === 'mismatch' && givenNames === 'mismatch') {
    const swapped = [...documentLast, ...documentGiven];
    if (sameWords([...applicantLast, ...first, ...middle], swapped) || sameWords([...applicantLast, ...first], swapped))
      [lastName, givenNames] = ['match', 'match'];
  }
  return { birthDate, lastName, givenNames };
}
