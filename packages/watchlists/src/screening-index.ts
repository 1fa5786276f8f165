import {
  AMBIGUITY_COST,
  AMBIGUOUS_PEOPLE,
  CONTRADICTED,
  CORROBORATED,
  dominates,
  signatureOf,
  wordSimilarities,
  type CloseGroup,
} from './close-groups.js';
import { scoreEntry, type ApplicantFacts, type EntryFacts, type EntryScore } from './decide.js';
import { bitCount, GrowingInts, nearKeys, typoKeys } from './index-keys.js';
import {
  cachedKey,
  compareNames,
  compareTokens,
  listedNameTokens,
  type NameComparison,
  type QueryName,
} from './match.js';
import { ENTITY_TYPES, type EntityType } from './model.js';
import { PARTICLES } from './normalise.js';

/** An entry as the index takes it: `ref` is the caller's handle on it (a row number, an id's position). */
export type IndexedEntry = EntryFacts & { readonly names: readonly string[] };

export type IndexHit = {
  /** The number `add` gave the entry. */
  readonly entry: number;
  /** Which of the entry's names matched best (0: the primary name). */
  readonly nameIndex: number;
  readonly name: NameComparison;
  /**
   * Other people of the same list whose names match the applicant's as closely, word for word (their dates of birth
   * not contradicting the applicant's).
   */
  readonly asClose: number;
} & EntryScore;

/** Beyond this many candidate names, those reached through typo keys are left out. */
const MAX_CANDIDATES = 3_000;

/**
 * A key at most this many names have, or a thousandth of the names if more, is rare: enough to be reached through a
 * word's typo (`typoKeys`), and to be the word a name must share (`candidates`).
 */
const RARE_KEY = 100;

/**
 * An in-memory screening index: the compared words of every name of every entry, and an inverted index from
 * phonetic keys to names. Screening a name looks up the keys of its words (and the keys one edit away, for typos),
 * keeps the names that share keys with two of its words (one for a single-word name), and compares those in full.
 * Compact: names are kept as one string, postings and facts as typed arrays (about 80 bytes a name).
 */
export class ScreeningIndex {
  private readonly nameText: string[] = [];
  private nameStarts = new Uint32Array(0);
  private text = '';
  private readonly nameEntry = new GrowingInts();
  private readonly entryFirstName = new GrowingInts();
  private readonly entityType = new GrowingInts();
  private readonly entryList = new GrowingInts();
  private readonly birthStart = new GrowingInts();
  private readonly births: string[] = [];
  private readonly nationalityStart = new GrowingInts();
  private readonly nationalities: string[] = [];
  private readonly keyIds = new Map<string, number>();
  private readonly pairKeys = new GrowingInts();
  private readonly pairNames = new GrowingInts();
  private keyStarts = new Uint32Array(0);
  private postings = new Int32Array(0);
  private built = false;
  /** Scratch space of `candidates`: which query words reached each name, by their own key or a near one. */
  private exactMask = new Uint8Array(0);
  private nearMask = new Uint8Array(0);
  private touched = new Int32Array(0);

  get entryCount(): number {
    return this.entityType.length;
  }

  get nameCount(): number {
    return this.nameEntry.length;
  }

  /**
   * Adds an entry of a list (`list`: the caller's number for it; entries of one list are told apart from each other,
   * see `screen`); answers its number. Only before `build`.
   */
  add(entry: IndexedEntry, list = 0): number {
    if (this.built) throw new Error('the index is built');
    const number = this.entityType.length;
    this.entryList.push(list);
    this.entityType.push(ENTITY_TYPES.indexOf(entry.entityType));
    this.birthStart.push(this.births.length);
    this.births.push(...entry.birthDates);
    this.nationalityStart.push(this.nationalities.length);
    this.nationalities.push(...entry.nationalities);
    this.entryFirstName.push(this.nameEntry.length);
    const seen = new Set<string>();
    for (const name of entry.names) {
      const tokens = listedNameTokens(name);
      const joined = tokens.join(' ');
      if (tokens.length === 0 || seen.has(joined)) {
        this.nameText.push('');
      } else {
        seen.add(joined);
        const nameNumber = this.nameEntry.length;
        for (const token of new Set(tokens.filter((token) => token.length > 1 && !PARTICLES.has(token)))) {
          const key = cachedKey(token);
          let id = this.keyIds.get(key);
          if (id === undefined) {
            id = this.keyIds.size;
            this.keyIds.set(key, id);
          }
          this.pairKeys.push(id);
          this.pairNames.push(nameNumber);
        }
        this.nameText.push(joined);
      }
      this.nameEntry.push(number);
    }
    return number;
  }

  /** Ends the additions: sorts the postings. */
  build(): this {
    this.built = true;
    const keys = this.pairKeys.done();
    const names = this.pairNames.done();
    this.keyStarts = new Uint32Array(this.keyIds.size + 1);
    for (const key of keys) this.keyStarts[key + 1]!++;
    for (let index = 1; index < this.keyStarts.length; index++) this.keyStarts[index]! += this.keyStarts[index - 1]!;
    const next = this.keyStarts.slice(0, -1);
    this.postings = new Int32Array(keys.length);
    for (let index = 0; index < keys.length; index++) this.postings[next[keys[index]!]!++] = names[index]!;
    this.nameStarts = new Uint32Array(this.nameText.length + 1);
    let offset = 0;
    this.nameText.forEach((name, index) => {
      this.nameStarts[index] = offset;
      offset += name.length + 1;
    });
    this.nameStarts[this.nameText.length] = offset;
    this.text = this.nameText.join('\n');
    this.nameText.length = 0;
    this.pairKeys.length = 0;
    this.pairNames.length = 0;
    return this;
  }

  private tokensOf(name: number): string[] {
    const text = this.text.slice(this.nameStarts[name], this.nameStarts[name + 1]! - 1);
    return text === '' ? [] : text.split(' ');
  }

  private factsOf(entry: number): EntryFacts {
    const slice = (values: string[], starts: GrowingInts) =>
      values.slice(starts.values[entry], entry + 1 < starts.length ? starts.values[entry + 1] : values.length);
    return {
      entityType: ENTITY_TYPES[this.entityType.values[entry]!] as EntityType,
      birthDates: slice(this.births, this.birthStart),
      nationalities: slice(this.nationalities, this.nationalityStart),
    };
  }

  /**
   * The names that share phonetic keys with enough of the query's words: two (one for a one-word name), one of them
   * by its own key (the others may be a key one edit away).
   */
  private candidates(query: QueryName): number[] {
    const words = [...new Set(query.tokens.filter((token) => token.length > 1 && !PARTICLES.has(token)))].slice(0, 8);
    const needed = Math.min(2, words.length);
    if (this.exactMask.length < this.nameEntry.length) {
      this.exactMask = new Uint8Array(this.nameEntry.length);
      this.nearMask = new Uint8Array(this.nameEntry.length);
      this.touched = new Int32Array(this.nameEntry.length);
    }
    const touched = this.touched;
    let touchedCount = 0;
    const keys = words.map(cachedKey);
    keys.forEach((key, position) => {
      const id = this.keyIds.get(key);
      if (id === undefined) return;
      for (let index = this.keyStarts[id]!; index < this.keyStarts[id + 1]!; index++) {
        const name = this.postings[index]!;
        if (this.exactMask[name] === 0) touched[touchedCount++] = name;
        this.exactMask[name]! |= 1 << position;
      }
    });
    // A word reached through a near key counts only beside another word's own key (a candidate needs one): near keys
    // mark only the names own keys reached, and a one-word name needs none.
    const rareLimit = Math.max(RARE_KEY, this.nameEntry.length / 1_000);
    if (needed > 1 && touchedCount > 0)
      keys.forEach((key, position) => {
        // A key one edit away that is another word's own key would count that word twice.
        const near = new Set(nearKeys(key));
        // Keys a letter's typo away, only rare ones: common keys are a typo of too many words.
        for (const typo of typoKeys(words[position]!)) {
          const id = this.keyIds.get(typo);
          if (id !== undefined && this.keyStarts[id + 1]! - this.keyStarts[id]! <= rareLimit) near.add(typo);
        }
        for (const other of near) {
          const id = keys.includes(other) ? undefined : this.keyIds.get(other);
          if (id === undefined) continue;
          for (let index = this.keyStarts[id]!; index < this.keyStarts[id + 1]!; index++) {
            const name = this.postings[index]!;
            if (this.exactMask[name] !== 0) this.nearMask[name]! |= 1 << position;
          }
        }
      });
    // When some of the words are rare, a name must share one of them: the common ones (given names, patronymics)
    // alone would reach thousands of names that cannot score.
    let rare = 0;
    keys.forEach((key, position) => {
      const id = this.keyIds.get(key);
      const postings = id === undefined ? 0 : this.keyStarts[id + 1]! - this.keyStarts[id]!;
      if (postings <= rareLimit) rare |= 1 << position;
    });
    if (rare === (1 << keys.length) - 1) rare = 0;
    const found: number[] = [];
    const byOwnKeys: number[] = [];
    for (let index = 0; index < touchedCount; index++) {
      const name = touched[index]!;
      const exact = this.exactMask[name]!;
      const reached = exact | this.nearMask[name]!;
      if (bitCount(reached) >= needed && (rare === 0 || (reached & rare) !== 0)) {
        found.push(name);
        if (bitCount(exact) >= needed) byOwnKeys.push(name);
      }
      this.exactMask[name] = 0;
      this.nearMask[name] = 0;
    }
    // Very common names: the names reached by their words' own keys only, to keep screening fast.
    return found.length > MAX_CANDIDATES ? byOwnKeys : found;
  }

  /**
   * The entries whose score for this applicant reaches `minimum`, best first, each with its best name and the
   * comparison that explains it. An entry is left out when another person of the same list matches each of the
   * applicant's words at least as well and one of them better (`dominates`), unless this entry's date of birth is the
   * applicant's (only the year, when the list gives only the year, and that other person's full date is not the
   * applicant's): a list holds a person once, under all their names, so the name given is that other person's, not a
   * variant of this one's. A name that matches only through a misspelling, a sound or an initial, and matches two or
   * more other people of the same list as closely, scores `AMBIGUITY_COST` less for each of them (unless the date of
   * birth agrees), and is left out when one of them has the applicant's date of birth.
   */
  screen(
    query: QueryName,
    applicant: ApplicantFacts,
    { minimum, limit = 20 }: { minimum: number; limit?: number },
  ): IndexHit[] {
    if (!this.built) throw new Error('build the index first');
    const best = new Map<number, IndexHit>();
    // The people compared, grouped by list and by how close each of the applicant's words matched (`closeness`):
    // telling a hit from the others takes one look per group, not per person (a common name reaches thousands).
    const groups = new Map<string, CloseGroup>();
    const compared = new Map<string, Map<string, ReturnType<typeof compareTokens>>>();
    const compare = (word: string, listed: string) => {
      let answers = compared.get(word);
      if (!answers) compared.set(word, (answers = new Map()));
      let answer = answers.get(listed);
      if (answer === undefined) answers.set(listed, (answer = compareTokens(word, listed)));
      return answer;
    };
    for (const name of this.candidates(query)) {
      const comparison = compareNames(query, this.tokensOf(name), compare);
      if (!comparison) continue;
      const entry = this.nameEntry.values[name]!;
      const scored = scoreEntry(applicant, this.factsOf(entry), comparison);
      if (!scored) continue;
      const words = wordSimilarities(comparison);
      const list = this.entryList.values[entry]!;
      const signature = signatureOf(list, words);
      let group = groups.get(signature);
      if (!group) {
        group = {
          list,
          words,
          entries: new Set(),
          uncontradicted: new Set(),
          corroborated: new Set(),
          sameDate: new Set(),
        };
        groups.set(signature, group);
      }
      group.entries.add(entry);
      if (!CONTRADICTED.has(scored.birthDate)) group.uncontradicted.add(entry);
      if (CORROBORATED.has(scored.birthDate)) group.corroborated.add(entry);
      if (scored.birthDate === 'same_date') group.sameDate.add(entry);
      if (scored.score < minimum) continue;
      const previous = best.get(entry);
      if (previous && previous.score >= scored.score) continue;
      best.set(entry, {
        entry,
        nameIndex: name - this.entryFirstName.values[entry]!,
        name: comparison,
        ...scored,
        asClose: 0,
      });
    }
    const closeGroups = [...groups.values()];
    return [...best.values()]
      .flatMap((hit) => {
        const words = wordSimilarities(hit.name);
        const list = this.entryList.values[hit.entry]!;
        // Entries other than this one in a set of a group.
        const others = (entries: ReadonlySet<number>) => entries.size - (entries.has(hit.entry) ? 1 : 0);
        const better = closeGroups.filter((group) => group.list === list && dominates(group.words, words));
        // A date of birth that agrees with this entry (and not the other) is evidence the name alone does not
        // outweigh; a year that agrees does not outweigh a better name whose full date agrees.
        if (CORROBORATED.has(hit.birthDate)) {
          const outweighed = hit.birthDate === 'same_year' && better.some((group) => others(group.sameDate) > 0);
          return outweighed ? [] : [hit];
        }
        if (better.some((group) => others(group.entries) > 0)) return [];
        const alike = groups.get(signatureOf(list, words))!;
        const inexact = [...words.values()].some((close) => close < 10);
        // A misspelt name as close to someone whose date of birth is the applicant's is that person's.
        if (inexact && others(alike.corroborated) > 0) return [];
        const asClose = others(alike.uncontradicted);
        const score = inexact && asClose >= AMBIGUOUS_PEOPLE ? hit.score - AMBIGUITY_COST * asClose : hit.score;
        return score >= minimum ? [{ ...hit, score, asClose }] : [];
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
}
