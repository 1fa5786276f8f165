import { nameTokens, PARTICLES, phoneticKey, vowelShape } from './normalise.js';
import { editDistance, jaroWinkler } from './similarity.js';
import { areKnownVariants } from './variants.js';

/**
 * How two name words matched: the same after normalisation, known forms of one given name, alike in sound, a
 * spelling away, or an initial.
 */
export type TokenMatchKind = 'exact' | 'variant' | 'phonetic' | 'spelling' | 'initial' | 'joined';

export type TokenMatch = {
  /** The applicant's word(s), compared form. */
  readonly query: string;
  /** The list's word(s), compared form. */
  readonly listed: string;
  readonly kind: TokenMatchKind;
  readonly similarity: number;
};

export type NameComparison = {
  /** 0 to 1: how much of both names is accounted for by matching words, weighted by how well they match. */
  readonly score: number;
  readonly matches: readonly TokenMatch[];
  /** The applicant's words the list's name lacks. */
  readonly unmatchedQuery: readonly string[];
  /** The list's words the applicant's name lacks (often a middle name or patronymic). */
  readonly unmatchedListed: readonly string[];
};

/** The applicant's name as words; `core` words (first and last names) count fully when the list's name lacks them. */
export type QueryName = { readonly tokens: readonly string[]; readonly core: readonly boolean[] };

const SIMILARITY: { readonly [K in TokenMatchKind]: number } = {
  exact: 1,
  joined: 0.97,
  variant: 0.94,
  phonetic: 0.92,
  spelling: 0.92,
  initial: 0.85,
};

/**
 * What a word the other name lacks costs: the applicant's first or last name fully, the applicant's middle names a
 * little, the list's extra names (middle names, patronymics) less: lists often hold more of a name than people give.
 */
const MISSING_CORE = 1;
const MISSING_MIDDLE = 0.3;
const MISSING_LISTED = 0.15;
/**
 * The list's first given name, when the applicant's name lacks it, costs more than its other names: `Ali Alaldir` is
 * not `ALALDIR, Ahmed Ali` (Ahmed, son of Ali) unless the date of birth says so.
 */
const MISSING_LISTED_GIVEN = 0.4;

const keyCache = new Map<string, string>();
/** `phoneticKey`, remembered for the words screening meets most. */
export function cachedKey(token: string): string {
  let key = keyCache.get(token);
  if (key === undefined) {
    if (keyCache.size > 200_000) keyCache.clear();
    key = phoneticKey(token);
    keyCache.set(token, key);
  }
  return key;
}

/** Letters changed counted up to this many for a phonetic match (more count as many). */
const PHONETIC_EDITS = 5;

const weightOf = (token: string) => (PARTICLES.has(token) ? 0.3 : token.length === 1 ? 0.5 : 1);
const hasNoVowel = (token: string) => token.length >= 3 && !/[aeiouy]/.test(token);

/** How one word of the applicant's name matches one of the list's, or null. */
export function compareTokens(query: string, listed: string): { kind: TokenMatchKind; similarity: number } | null {
  if (query === listed) return { kind: 'exact', similarity: SIMILARITY.exact };
  if (query.length === 1 || listed.length === 1)
    return query[0] === listed[0] ? { kind: 'initial', similarity: SIMILARITY.initial } : null;
  if (areKnownVariants(query, listed)) return { kind: 'variant', similarity: SIMILARITY.variant };
  const shorter = Math.min(query.length, listed.length);
  const longer = Math.max(query.length, listed.length);
  // One typo; two only where the sound is kept (below): two letters changed make another word as often as a typo.
  const allowed = shorter >= 4 ? 1 : 0;
  const edits = allowed > 0 ? editDistance(query, listed, allowed) : allowed + 1;
  const spelling = edits <= allowed ? SIMILARITY.spelling - (0.5 * edits) / longer : 0;
  const alike =
    cachedKey(query) === cachedKey(listed) &&
    (jaroWinkler(query, listed) >= 0.75 || hasNoVowel(query) || hasNoVowel(listed));
  if (alike) {
    // Spellings that share the key score by how alike they are letter by letter: 0.6 + 0.35 x Jaro-Winkler, at most
    // 0.92, and 0.95 less 0.04 a letter changed: a key drops vowels, so `levkioro` is `levgorro`'s (three
    // letters apart) as much as `levkinro`'s (one), and the closer spelling must score more.
    const byLetters = 0.6 + 0.35 * jaroWinkler(query, listed);
    const changed = edits <= allowed ? edits : editDistance(query, listed, PHONETIC_EDITS);
    const phonetic = Math.min(SIMILARITY.phonetic, byLetters, 0.95 - 0.04 * changed);
    // Two letters or more changed sound alike only with the vowels in the same places (`vowelShape`); one letter is
    // a typo whatever it does to the sound.
    if (phonetic >= spelling && (changed < 2 || vowelShape(query) === vowelShape(listed)))
      return { kind: 'phonetic', similarity: phonetic };
  }
  if (spelling > 0) return { kind: 'spelling', similarity: spelling };
  return null;
}

type Word = { text: string; key: string; weight: number; core: boolean; joined: boolean };

const wordOf = (text: string, core: boolean): Word => ({
  text,
  key: cachedKey(text),
  weight: weightOf(text),
  core,
  joined: false,
});

/** The key of two words written together, from theirs (a second word's leading vowel mark is dropped). */
const joinedKey = (first: string, second: string) => {
  const rest = second.startsWith('a') ? second.slice(1) : second;
  return first.endsWith(rest[0] ?? '') ? first + rest.slice(1) : first + rest;
};

/**
 * Words written apart on one side and together on the other (`abdul rahman`, `abdulrahman`) become one word,
 * unless one of them has its own counterpart.
 */
function joinWords(words: readonly Word[], others: readonly Word[]): Word[] {
  if (words.length < 2) return [...words];
  const joined: Word[] = [];
  const hasCounterpart = (word: Word) => others.some((other) => other.text === word.text);
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const next = words[index + 1];
    // Initials are never joined: `S. Shawton` is not `Sshawton`.
    if (next && word.text.length > 1 && next.text.length > 1 && !hasCounterpart(word) && !hasCounterpart(next)) {
      const text = word.text + next.text;
      const key = joinedKey(word.key, next.key);
      if (others.some((other) => other.text === text || other.key === key)) {
        joined.push({ text: `${word.text} ${next.text}`, key, weight: 1, core: word.core || next.core, joined: true });
        index++;
        continue;
      }
    }
    joined.push(word);
  }
  return joined;
}

/**
 * Words written together on one side and apart on the other: the same letters (`abdul rahman`, `abdulrahman`), or a
 * letter apart in a long word. A key alone is not enough: keys drop vowels, and two words joined share one with
 * too many other pairs (`yousef hahafa`, `youssef fauaja`).
 */
function compareJoined(a: Word, b: Word): { kind: TokenMatchKind; similarity: number } | null {
  if (a.key !== b.key) return null;
  const one = a.text.replace(' ', '');
  const other = b.text.replace(' ', '');
  if (one === other) return { kind: 'joined', similarity: SIMILARITY.joined };
  const longer = Math.max(one.length, other.length);
  return longer >= 8 && editDistance(one, other, 1) <= 1
    ? { kind: 'joined', similarity: SIMILARITY.spelling - 0.5 / longer }
    : null;
}

/**
 * Compares the applicant's name with one name of a list: each word paired with its best counterpart (one to one,
 * best pairs first), in any order. Null when too little matches to be the same name: fewer than two words (or the one
 * word a single-word name has) other than particles and initials. `compare` is `compareTokens`, or one that
 * remembers its answers (screening compares the applicant's words with the same listed words many times).
 */
export function compareNames(
  query: QueryName,
  listedTokens: readonly string[],
  compare: typeof compareTokens = compareTokens,
): NameComparison | null {
  const queryWords0 = query.tokens.map((text, index) => wordOf(text, query.core[index] ?? false));
  // The list's words are in `listedNameTokens` order: its first word is the first given name.
  const listedWords0 = listedTokens.map((text, index) => wordOf(text, index === 0 && listedTokens.length > 1));
  const queryWords = joinWords(queryWords0, listedWords0);
  const listedWords = joinWords(listedWords0, queryWords0);
  const pairs: { q: number; l: number; kind: TokenMatchKind; similarity: number }[] = [];
  for (let q = 0; q < queryWords.length; q++)
    for (let l = 0; l < listedWords.length; l++) {
      const a = queryWords[q]!;
      const b = listedWords[l]!;
      const found = a.joined || b.joined ? compareJoined(a, b) : compare(a.text, b.text);
      if (found) pairs.push({ q, l, ...found });
    }
  pairs.sort((x, y) => y.similarity - x.similarity);
  const usedQuery = new Set<number>();
  const usedListed = new Set<number>();
  const matches: TokenMatch[] = [];
  let matched = 0;
  let weighed = 0;
  let strong = 0;
  for (const pair of pairs) {
    if (usedQuery.has(pair.q) || usedListed.has(pair.l)) continue;
    const queryWord = queryWords[pair.q]!;
    const listedWord = listedWords[pair.l]!;
    usedQuery.add(pair.q);
    usedListed.add(pair.l);
    const weight = (queryWord.weight + listedWord.weight) / 2;
    matched += pair.similarity * weight;
    weighed += weight;
    if (weight === 1) strong++;
    matches.push({ query: queryWord.text, listed: listedWord.text, kind: pair.kind, similarity: pair.similarity });
  }
  const significant = (words: Word[]) => words.filter((word) => word.weight === 1).length;
  if (strong < Math.min(2, significant(queryWords), significant(listedWords)) || strong === 0) return null;
  const unmatchedQuery = queryWords.filter((_, index) => !usedQuery.has(index));
  const unmatchedListed = listedWords.filter((_, index) => !usedListed.has(index));
  const missing =
    unmatchedQuery.reduce((sum, word) => sum + word.weight * (word.core ? MISSING_CORE : MISSING_MIDDLE), 0) +
    unmatchedListed.reduce((sum, word) => sum + word.weight * (word.core ? MISSING_LISTED_GIVEN : MISSING_LISTED), 0);
  // An initial is weak evidence: with it, every other word must be the same word, else the name scores less.
  const initialWithVariants =
    matches.some((match) => match.kind === 'initial') &&
    matches.some((match) => match.kind !== 'initial' && match.kind !== 'exact');
  return {
    score: (matched / (weighed + missing)) * (initialWithVariants ? 0.9 : 1),
    matches,
    unmatchedQuery: unmatchedQuery.map((word) => word.text),
    unmatchedListed: unmatchedListed.map((word) => word.text),
  };
}

/**
 * A listed name's words, given names first: `FAMILY, Given Middle` (the lists' comma form) is read as
 * `Given Middle FAMILY`, so that the first word is the first given name (`compareNames`).
 */
export function listedNameTokens(name: string): string[] {
  const comma = name.indexOf(',');
  return comma < 0 ? nameTokens(name) : [...nameTokens(name.slice(comma + 1)), ...nameTokens(name.slice(0, comma))];
}

/**
 * The applicant's name as `QueryName`: the first and last names are core, middle names are not. A single string is
 * read as `First Middle Last`, or `LAST, First Middle` when it has a comma.
 */
export function queryName(
  name: { first?: string | null; middle?: string | null; last?: string | null } | string,
): QueryName {
  if (typeof name === 'string') {
    const comma = name.indexOf(',');
    if (comma < 0) {
      const tokens = nameTokens(name);
      return { tokens, core: tokens.map((_, index) => index === 0 || index === tokens.length - 1) };
    }
    const [first = '', ...middle] = nameTokens(name.slice(comma + 1));
    return queryName({ first, middle: middle.join(' '), last: name.slice(0, comma) });
  }
  const first = nameTokens(name.first ?? '');
  const middle = nameTokens(name.middle ?? '');
  const last = nameTokens(name.last ?? '');
  return {
    tokens: [...first, ...middle, ...last],
    core: [...first.map((_, index) => index === 0), ...middle.map(() => false), ...last.map(() => true)],
  };
}
