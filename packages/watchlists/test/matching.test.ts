import { describe, expect, it } from 'vitest';
import {
  compareNames,
  compareTokens,
  nameTokens,
  phoneticKey,
  queryName,
  reasonsOf,
  ScreeningIndex,
  type IndexedEntry,
} from '../src/index.js';

const person = (names: string[], birthDates: string[] = [], nationalities: string[] = []): IndexedEntry => ({
  entityType: 'person',
  names,
  birthDates,
  nationalities,
});

const ENTRIES: IndexedEntry[] = [
  person(['PUTIN, Vladimir Vladimirovich', 'Владимир Владимирович Путин'], ['1952-10-07'], ['RU']),
  person(['MADURO MOROS, Nicolas'], ['1962-11-23'], ['VE']),
  person(['Sean SHCHERBAKOV'], ['1975'], ['RU']),
  person(['Mohamed Ali HASSAN'], ['1971'], []),
  person(['Abd al-Rahman MUSTAFA'], [], []),
  { entityType: 'organisation', names: ['Vladimir Putin Foundation'], birthDates: [], nationalities: [] },
  person(['Vladimir PETROV'], ['1952'], ['RU']),
];

const index = new ScreeningIndex();
for (const entry of ENTRIES) index.add(entry);
index.build();

const THRESHOLD = 0.85;
const screen = (name: Parameters<typeof queryName>[0], birthDate: string | null = null, nationalities: string[] = []) =>
  index.screen(queryName(name), { birthDate, nationalities }, { minimum: THRESHOLD });

describe('names as compared', () => {
  it('transliterates and folds: Cyrillic, Greek, Arabic, Latin diacritics, commas, case', () => {
    expect(nameTokens('Путин, Владимир')).toEqual(['putin', 'vladimir']);
    expect(nameTokens('Νικόλαος Παππάς')).toEqual(['nikolaos', 'pappas']);
    expect(nameTokens('Nicolás MADURO-Moros')).toEqual(['nicolas', 'maduro', 'moros']);
    expect(nameTokens('محمد')).toEqual(['mhmd']);
  });

  it('gives names that sound alike one phonetic key', () => {
    expect(phoneticKey('sean')).toBe(phoneticKey('shawn'));
    expect(phoneticKey('mohamed')).toBe(phoneticKey('muhammad'));
    expect(phoneticKey('mhmd')).toBe(phoneticKey('mohammed'));
    expect(phoneticKey('qaddafi')).toBe(phoneticKey('gadhafi'));
    expect(phoneticKey('wladimir')).toBe(phoneticKey('vladimir'));
    expect(phoneticKey('putin')).not.toBe(phoneticKey('petrov'));
  });

  it('says how each word matched', () => {
    expect(compareTokens('sean', 'shawn')).toMatchObject({ kind: 'variant' });
    expect(compareTokens('william', 'bill')).toMatchObject({ kind: 'variant' });
    expect(compareTokens('aliaksandr', 'alexander')).toMatchObject({ kind: 'variant' });
    expect(compareTokens('poutine', 'putin')).toMatchObject({ kind: 'phonetic' });
    expect(compareTokens('vladimir', 'vladinir')).toMatchObject({ kind: 'spelling' });
    expect(compareTokens('v', 'vladimir')).toMatchObject({ kind: 'initial' });
    expect(compareTokens('juan', 'ian')).toBeNull();
    expect(compareNames(queryName('Abdulrahman Mustafa'), nameTokens('Abd al-Rahman MUSTAFA'))).toBeNull();
    expect(compareNames(queryName('Abdul Rahman Mustafa'), nameTokens('Abdulrahman Mustafa'))?.matches).toContainEqual(
      expect.objectContaining({ kind: 'joined' }),
    );
  });
});

describe('screening', () => {
  it('matches the variants a compliance officer expects, each with its reasons', () => {
    const putin = screen('Vladimir Putin');
    expect(putin.map((hit) => hit.entry)).toEqual([0]);
    expect(reasonsOf(putin[0]!)).toContain('"vladimirovich": listed, not in the applicant\'s name');
    expect(screen({ first: 'Nicolás', last: 'Maduro Moros' }).map((hit) => hit.entry)).toEqual([1]);
    expect(screen({ first: 'Shawn', last: 'Shcherbakov' }).map((hit) => hit.entry)).toEqual([2]);
    const mohamed = screen({ first: 'Muhammad', middle: 'Ali', last: 'Hassan' });
    expect(mohamed.map((hit) => hit.entry)).toEqual([3]);
    expect(reasonsOf(mohamed[0]!)).toContain('"muhammad" ~ "mohamed": known forms of one name');
    expect(screen('Владимир Путин').map((hit) => hit.entry)).toEqual([0]);
    expect(screen('V. Putin').map((hit) => hit.entry)).toEqual([0]);
    expect(screen('Vladimir Puttin').map((hit) => hit.entry)).toEqual([0]);
  });

  it('uses the date of birth and nationality: a different birth year is another person', () => {
    expect(screen('Vladimir Putin', '1952-10-07', ['RU'])[0]).toMatchObject({
      birthDate: 'same_date',
      nationality: 'same',
    });
    expect(screen('Vladimir Putin', '1987-10-07')).toEqual([]);
    expect(screen('Mohamed Hassan', '1971-05-02')[0]).toMatchObject({ birthDate: 'same_year' });
  });

  it('reports no organisation for a person, and no one for names that only share words', () => {
    expect(screen('Vladimir Putin').some((hit) => hit.entry === 5)).toBe(false);
    expect(screen('Vladimir Ivanov')).toEqual([]);
    expect(screen('Nicolas Sarkozy')).toEqual([]);
    expect(screen('Sean Connery')).toEqual([]);
  });
});

describe('entries of one list with names a letter apart', () => {
  const namesakes = (lists: [number, number]) => {
    const built = new ScreeningIndex();
    built.add(person(['RAMIREZ, Jorge']), lists[0]);
    built.add(person(['RAMIRES, Jorge']), lists[1]);
    return built.build();
  };
  const found = (built: ScreeningIndex, name: string) =>
    built
      .screen(queryName(name), { birthDate: null, nationalities: [] }, { minimum: THRESHOLD })
      .map((hit) => hit.entry);

  it('reports the person whose name is the one given, not the other a spelling away', () => {
    expect(found(namesakes([0, 0]), 'Jorge Ramirez')).toEqual([0]);
    expect(found(namesakes([0, 0]), 'Jorge Ramires')).toEqual([1]);
    // Neither is the name given, and each is one letter away: both are reported.
    expect(found(namesakes([0, 0]), 'Jorge Ramirex').sort()).toEqual([0, 1]);
  });

  it('reports both when they are on different lists (one person may be listed by several)', () => {
    expect(found(namesakes([0, 1]), 'Jorge Ramirez').sort()).toEqual([0, 1]);
  });
});

describe('typos and initials', () => {
  const built = new ScreeningIndex();
  for (const entry of [person(['RAMIREZ, Miguel']), person(['ZATONTON, Juan']), person(['SHAWTONTON, Steven'])])
    built.add(entry);
  built.build();
  const found = (name: string) =>
    built
      .screen(queryName(name), { birthDate: null, nationalities: [] }, { minimum: THRESHOLD })
      .map((hit) => hit.entry);

  it('finds a name through a typo that changes its sound by more than a letter', () => {
    expect(found('Miguel Ramixez')).toEqual([0]);
  });

  it('never reads an initial and the next word as one word', () => {
    expect(found('S. Shawtonton')).toEqual([2]);
  });
});

describe('what tells namesakes apart', () => {
  const built = new ScreeningIndex();
  for (const entry of [
    person(['ALALDIR, Ahmed Ali'], ['1960-01-01']),
    person(['LEVKINRO, Viktor']),
    person(['LEVGORRO, Viktor']),
    person(['TONTONGAS, Lucía']),
    person(['Yousef Hahafa']),
  ])
    built.add(entry);
  built.build();
  const found = (name: string, birthDate: string | null = null) =>
    built.screen(queryName(name), { birthDate, nationalities: [] }, { minimum: THRESHOLD }).map((hit) => hit.entry);

  it("does not take the listed father's name for the given name, unless the date of birth agrees", () => {
    expect(found('Ali Alaldir')).toEqual([]);
    expect(found('Ahmed Alaldir')).toEqual([0]);
    expect(found('Ali Alaldir', '1960-01-01')).toEqual([0]);
  });

  it('does not let a listed year outweigh a better name whose full date of birth is the one given', () => {
    const dated = new ScreeningIndex();
    dated.add(person(['SALZADEZ, Valentina'], ['1958-09-15']));
    dated.add(person(['SALZALEZ, Valentina'], ['1958']));
    dated.build();
    const hits = (birthDate: string) =>
      dated
        .screen(queryName('Valentina Salzadez'), { birthDate, nationalities: [] }, { minimum: THRESHOLD })
        .map((hit) => hit.entry);
    expect(hits('1958-09-15')).toEqual([0]);
    // Only the year agrees with either: the year listed alone is still evidence for its entry.
    expect(hits('1958-01-02').sort()).toEqual([0, 1]);
  });

  it('ranks the spelling a letter away above one that only sounds alike', () => {
    expect(found('Viktor Levkioro')).toEqual([1]);
  });

  it('takes two letters changed for a sound only with the vowels in the same places', () => {
    expect(compareTokens('qaddafi', 'gadhafi')).toMatchObject({ kind: 'phonetic' });
    expect(compareTokens('zawahiri', 'zawahry')).toMatchObject({ kind: 'phonetic' });
    expect(compareTokens('poutine', 'putin')).toMatchObject({ kind: 'phonetic' });
    expect(phoneticKey('dirzual')).toBe(phoneticKey('druzalya'));
    expect(compareTokens('dirzual', 'druzalya')).toBeNull();
    expect(compareTokens('lucia', 'luis')).toBeNull();
  });

  it('does not take a name two letters away, or two words sharing a key, for the same', () => {
    expect(found('Lucía Tontongaca')).toEqual([]);
    expect(found('Youssef Fauaja')).toEqual([]);
  });
});

describe('listed people equally close to the name given', () => {
  const built = new ScreeningIndex();
  for (const entry of [
    person(['RASPOLEV, Viktor']),
    person(['RASTILEV, Viktor']),
    person(['VATICHE, Yuri', 'Yury Vatiche']),
    person(['VAMICHE, Yuri', 'Iouri Vamiche']),
    person(['FARIDNA, Abdullah'], ['1971-04-02']),
    person(['KARIDKA, Abdullah'], ['1980-01-01']),
    person(['FAMIDKA, Abdullah']),
  ])
    built.add(entry);
  built.build();
  const screened = (name: string, birthDate: string | null = null) =>
    built.screen(queryName(name), { birthDate, nationalities: [] }, { minimum: THRESHOLD });
  const found = (name: string, birthDate: string | null = null) =>
    screened(name, birthDate)
      .map((hit) => hit.entry)
      .sort();

  it('counts a letter changed as close whether or not the sound is kept', () => {
    // `rastolev` is a typo of either: neither is left out for the other.
    expect(found('Viktor Rastolev')).toEqual([0, 1]);
  });

  it('takes known forms of a given name for the name itself when telling people apart', () => {
    // The listed Vatiche's name is the one given (Iouri a form of Yuri); Vamiche is a letter away.
    expect(found('Iouri Vatiche')).toEqual([2]);
  });

  it('does not report a misspelt name that fits several listed people equally, unless the date of birth says which', () => {
    expect(found('Abdullah Faridka')).toEqual([]);
    const nearly = built.screen(
      queryName('Abdullah Faridka'),
      { birthDate: null, nationalities: [] },
      { minimum: THRESHOLD - 0.15 },
    );
    expect(nearly.map((hit) => hit.asClose)).toEqual([2, 2, 2]);
    expect(reasonsOf(nearly[0]!)).toContain('2 other people of this list match the name as closely');
    expect(found('Abdullah Faridka', '1971-04-02')).toEqual([4]);
  });

  it('discounts a misspelt name the more, the more people it fits', () => {
    const four = new ScreeningIndex();
    for (const name of ['TAMALDIR, Hamza', 'TASADIR, Hamza', 'TAALDIR, Hamza', 'TAGALDIR, Hamza'])
      four.add(person([name]));
    four.build();
    const nearly = four.screen(queryName('Hamza Tasaldir'), { birthDate: null, nationalities: [] }, { minimum: 0.5 });
    expect(nearly.map((hit) => hit.asClose)).toEqual([3, 3, 3, 3]);
    for (const hit of nearly) expect(hit.score).toBeCloseTo(hit.nameScore - 0.15, 5);
  });
});
