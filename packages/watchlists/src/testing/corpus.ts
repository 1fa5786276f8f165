import type { WatchlistEntry } from '../model.js';

/**
 * A labelled screening corpus made up in the repository: a list of people (names of several cultures, with aliases,
 * dates of birth and nationalities) and queries with their expected entry: variants of listed names (order and
 * commas, a missing middle name, diacritics, spelling and sound variants, typos, initials, Cyrillic script), with the
 * listed birth date or none, and non-matches (the same name born in another year, names sharing a word with an
 * entry). Deterministic for a seed.
 */
type Culture = {
  readonly nationality: string;
  readonly given: readonly string[];
  readonly family: readonly string[];
  readonly syllables: readonly string[];
  /** A middle name of the culture for a given name (a patronymic), or null. */
  middle(given: string, pick: () => number): string | null;
};

const RUSSIAN: Culture = {
  nationality: 'RU',
  given: [
    'Vladimir',
    'Sergei',
    'Aleksandr',
    'Dmitry',
    'Yevgeny',
    'Mikhail',
    'Nikolai',
    'Igor',
    'Oleg',
    'Andrei',
    'Pavel',
    'Yuri',
    'Viktor',
    'Boris',
    'Konstantin',
    'Arkady',
    'Gennady',
    'Ruslan',
    'Timur',
    'Roman',
  ],
  family: [
    'Ivanov',
    'Petrov',
    'Sidorov',
    'Smirnov',
    'Kuznetsov',
    'Popov',
    'Sokolov',
    'Lebedev',
    'Kozlov',
    'Novikov',
    'Morozov',
    'Volkov',
    'Vasiliev',
    'Zaitsev',
    'Pavlov',
    'Semenov',
    'Golubev',
    'Vinogradov',
    'Bogdanov',
    'Fedorov',
    'Belyaev',
    'Tarasov',
    'Komarov',
    'Orlov',
    'Kiselev',
    'Makarov',
    'Kovalev',
    'Gusev',
    'Titov',
    'Baranov',
  ],
  syllables: [
    'ko',
    'va',
    'lev',
    'ro',
    'mi',
    'sha',
    'ti',
    'gor',
    'za',
    'bel',
    'dru',
    'zhin',
    'ras',
    'po',
    'lya',
    'kin',
    'mor',
    'sok',
    'ver',
    'che',
  ],
  middle: (given) => `${given.replace(/[aiy]$/, '')}ovich`,
};
const ARABIC: Culture = {
  nationality: 'SA',
  given: [
    'Mohamed',
    'Ahmed',
    'Ali',
    'Hassan',
    'Hussein',
    'Omar',
    'Khalid',
    'Abdullah',
    'Ibrahim',
    'Youssef',
    'Mustafa',
    'Tariq',
    'Hamza',
    'Bilal',
    'Osama',
    'Saeed',
    'Faisal',
    'Nasser',
    'Walid',
    'Karim',
  ],
  family: [
    'Al-Zahrani',
    'Al-Masri',
    'Haddad',
    'Khoury',
    'Saleh',
    'Mansour',
    'Hamdan',
    'Rahman',
    'Aziz',
    'Qureshi',
    'Farouk',
    'Jaber',
    'Darwish',
    'Suleiman',
    'Al-Tamimi',
    'Al-Shehri',
    'Al-Qahtani',
    'Bakri',
    'Obeid',
    'Nasrallah',
  ],
  syllables: [
    'al',
    'ha',
    'mid',
    'ra',
    'shid',
    'ka',
    'dir',
    'sa',
    'lim',
    'fa',
    'rid',
    'ja',
    'mal',
    'na',
    'bil',
    'qa',
    'sim',
    'zu',
    'bair',
    'ta',
  ],
  middle: (_given, pick) =>
    pick() < 0.5 ? ['Ali', 'Abdullah', 'Saleh', 'Ahmed', 'Omar'][Math.floor(pick() * 5)]! : null,
};
const SPANISH: Culture = {
  nationality: 'VE',
  given: [
    'Nicolás',
    'José',
    'Juan',
    'Carlos',
    'Luis',
    'Miguel',
    'Jorge',
    'Pedro',
    'Diego',
    'Andrés',
    'Fernando',
    'Rafael',
    'Alejandro',
    'Javier',
    'Ricardo',
    'María',
    'Lucía',
    'Sofía',
    'Valentina',
    'Camila',
  ],
  family: [
    'García',
    'Rodríguez',
    'Martínez',
    'López',
    'González',
    'Pérez',
    'Sánchez',
    'Ramírez',
    'Torres',
    'Flores',
    'Rivera',
    'Gómez',
    'Díaz',
    'Cruz',
    'Morales',
    'Ortiz',
    'Gutiérrez',
    'Chávez',
    'Ramos',
    'Moros',
  ],
  syllables: [
    'ca',
    'rre',
    'ño',
    'ga',
    'llo',
    'mén',
    'dez',
    'bar',
    'ri',
    'os',
    'ton',
    'za',
    'lez',
    'quin',
    'te',
    'ro',
    'sal',
    'var',
    'gas',
    'vi',
  ],
  middle: (_given, pick) =>
    pick() < 0.4 ? ['Antonio', 'Eduardo', 'Enrique', 'Ignacio'][Math.floor(pick() * 4)]! : null,
};
const ENGLISH: Culture = {
  nationality: 'GB',
  given: [
    'Sean',
    'John',
    'Michael',
    'David',
    'James',
    'Robert',
    'William',
    'Thomas',
    'Patrick',
    'Brian',
    'Kevin',
    'Steven',
    'Catherine',
    'Elizabeth',
    'Margaret',
    'Sarah',
    'Emily',
    'Rachel',
    'Helen',
    'Laura',
  ],
  family: [
    'Smith',
    'Johnson',
    'Brown',
    'Murphy',
    'OBrien',
    'Kelly',
    'Walsh',
    'Byrne',
    'Ryan',
    'Doyle',
    'Fitzgerald',
    'Gallagher',
    'Henderson',
    'Whitaker',
    'Ashford',
    'Blackwood',
    'Carrington',
    'Davenport',
    'Ellsworth',
    'Fairbanks',
  ],
  syllables: [
    'ash',
    'by',
    'wood',
    'ham',
    'ford',
    'ley',
    'ton',
    'brook',
    'well',
    'mer',
    'ring',
    'dale',
    'worth',
    'ston',
    'field',
    'combe',
    'ridge',
    'more',
    'wick',
    'shaw',
  ],
  middle: (_given, pick) => (pick() < 0.4 ? ['Edward', 'George', 'Anne', 'Louise'][Math.floor(pick() * 4)]! : null),
};
const CULTURES = [RUSSIAN, ARABIC, SPANISH, ENGLISH];

/** Spellings of one name that screening must treat as the same (sound and transliteration variants). */
const VARIANTS: readonly (readonly string[])[] = [
  ['Mohamed', 'Muhammad', 'Mohammed', 'Mohamad'],
  ['Sean', 'Shawn', 'Shaun'],
  ['Aleksandr', 'Alexander', 'Aleksander'],
  ['Yevgeny', 'Evgeny', 'Evgeniy'],
  ['Hussein', 'Husain', 'Hussain'],
  ['Osama', 'Usama'],
  ['Youssef', 'Yousef', 'Yusef'],
  ['Dmitry', 'Dmitri', 'Dmitriy'],
  ['Sergei', 'Sergey'],
  ['Yuri', 'Yury', 'Iouri'],
  ['Andrei', 'Andrey'],
  ['Mustafa', 'Mostafa', 'Moustafa'],
  ['Saeed', 'Said', 'Sayed'],
  ['Khalid', 'Khaled'],
  ['Catherine', 'Katherine', 'Kathryn'],
];

const CYRILLIC: readonly [string, string][] = [
  ['shch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['y', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['x', 'кс'],
  ['c', 'к'],
  ['h', 'х'],
  ['w', 'в'],
  ['j', 'дж'],
  ['q', 'к'],
];

function cyrillic(word: string): string {
  let out = '';
  const lower = word.toLowerCase();
  for (let index = 0; index < lower.length;) {
    const found = CYRILLIC.find(([latin]) => lower.startsWith(latin, index));
    if (!found) {
      out += lower[index];
      index++;
      continue;
    }
    out += found[1];
    index += found[0].length;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

const stripDiacritics = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/** What each kind of positive query changes in the listed name (in the order of `POSITIVES`). */
const VARIANT_KINDS = [
  'comma_form',
  'no_middle_name',
  'no_diacritics_upper',
  'sound_variant',
  'typo',
  'initial',
  'cyrillic',
];

export type LabelledQuery = {
  readonly name: string;
  readonly birthDate: string | null;
  /** The list entry (its position in `entries`) this query must find, or null when it must find none. */
  readonly expected: number | null;
  readonly kind: string;
};

export type Corpus = { readonly entries: WatchlistEntry[]; readonly queries: LabelledQuery[] };

type Person = { given: string; middle: string | null; family: string; culture: Culture; birth: string | null };

const pad = (value: number) => String(value).padStart(2, '0');

/** `entries` list entries (of about three names each) and `queries` labelled queries, half of them matches. */
export function generateCorpus({
  entries: entryCount,
  queries: queryCount,
  seed = 34,
}: {
  entries: number;
  queries: number;
  seed?: number;
}): Corpus {
  const pick = random(seed);
  const oneOf = <T>(values: readonly T[]): T => values[Math.floor(pick() * values.length)]!;
  const surname = (culture: Culture) => {
    if (pick() < 0.05) return oneOf(culture.family);
    let word = '';
    const parts = 3 + Math.floor(pick() * 2);
    for (let index = 0; index < parts; index++) word += oneOf(culture.syllables);
    return word.charAt(0).toUpperCase() + word.slice(1);
  };
  const birthOf = () => {
    const year = 1940 + Math.floor(pick() * 60);
    const roll = pick();
    if (roll < 0.7) return `${year}-${pad(1 + Math.floor(pick() * 12))}-${pad(1 + Math.floor(pick() * 28))}`;
    return roll < 0.9 ? String(year) : null;
  };
  const variantOf = (word: string) => {
    const group = VARIANTS.find((spellings) => spellings.includes(word));
    return group ? oneOf(group.filter((spelling) => spelling !== word)) : null;
  };
  const people: Person[] = [];
  const entries: WatchlistEntry[] = [];
  // Every listed given name and surname pair is one person's: the labels then hold (a namesake is another matter).
  const listedNames = new Set<string>();
  const key = (given: string, family: string) => stripDiacritics(`${given} ${family}`).toLowerCase();
  while (entries.length < entryCount) {
    const culture = oneOf(CULTURES);
    const given = oneOf(culture.given);
    const person: Person = {
      given,
      middle: culture.middle(given, pick),
      family: surname(culture),
      culture,
      birth: birthOf(),
    };
    if (listedNames.has(key(person.given, person.family))) continue;
    listedNames.add(key(person.given, person.family));
    people.push(person);
    const primary = `${person.family.toUpperCase()}, ${[person.given, person.middle].filter(Boolean).join(' ')}`;
    const aliases = [
      ...(variantOf(person.given) ? [`${variantOf(person.given)} ${person.family}`] : []),
      ...(person.culture === RUSSIAN && pick() < 0.5 ? [`${cyrillic(person.given)} ${cyrillic(person.family)}`] : []),
    ];
    entries.push({
      listId: `SYN-${entries.length + 1}`,
      entityType: pick() < 0.9 ? 'person' : 'organisation',
      names: [primary, ...aliases],
      birthDates: person.birth ? [person.birth] : [],
      nationalities: [culture.nationality],
      programs: ['SYNTHETIC'],
    });
  }

  const typo = (word: string) => {
    if (word.length < 6) return null;
    const at = 2 + Math.floor(pick() * (word.length - 4));
    const letter = 'aeioulnrst'[Math.floor(pick() * 10)]!;
    return word.slice(0, at) + (letter === word[at] ? 'x' : letter) + word.slice(at + 1);
  };
  const POSITIVES: readonly ((person: Person) => string | null)[] = [
    (p) => `${p.family.toUpperCase()}, ${[p.given, p.middle].filter(Boolean).join(' ')}`,
    (p) => `${p.given} ${p.family}`,
    (p) => stripDiacritics(`${p.given} ${p.middle ?? ''} ${p.family}`).toUpperCase(),
    (p) => (variantOf(p.given) ? `${variantOf(p.given)} ${p.family}` : null),
    (p) => (typo(p.family) ? `${p.given} ${typo(p.family)}` : null),
    (p) => `${p.given[0]}. ${p.family}`,
    (p) => (p.culture === RUSSIAN ? `${cyrillic(p.given)} ${cyrillic(p.family)}` : null),
  ];
  const queries: LabelledQuery[] = [];
  const personEntries = entries.flatMap((entry, index) => (entry.entityType === 'person' ? [index] : []));
  const sameOrNoBirth = (person: Person) => (person.birth?.length === 10 && pick() < 0.5 ? person.birth : null);
  while (queries.length < queryCount) {
    const target = oneOf(personEntries);
    const person = people[target]!;
    const roll = pick();
    if (roll < 0.5) {
      const variant = Math.floor(pick() * POSITIVES.length);
      const name = POSITIVES[variant]!(person);
      if (name)
        queries.push({ name, birthDate: sameOrNoBirth(person), expected: target, kind: VARIANT_KINDS[variant]! });
    } else if (roll < 0.65 && person.birth) {
      const year = Number(person.birth.slice(0, 4)) + (pick() < 0.5 ? -1 : 1) * (2 + Math.floor(pick() * 8));
      queries.push({
        name: `${person.given} ${person.family}`,
        birthDate: `${year}-06-15`,
        expected: null,
        kind: 'other_birth_year',
      });
    } else {
      const other = oneOf(CULTURES);
      const [given, family] = pick() < 0.5 ? [person.given, surname(other)] : [oneOf(other.given), person.family];
      if (listedNames.has(key(given, family)) || variantOf(given) === person.given) continue;
      queries.push({
        name: `${given} ${family}`,
        birthDate: birthOf()?.length === 10 ? `${1940 + Math.floor(pick() * 60)}-03-03` : null,
        expected: null,
        kind: 'shares_a_word',
      });
    }
  }
  return { entries, queries };
}

export type CorpusScores = { recall: number; precision: number; positives: number; hits: number; falseHits: number };

/** Recall and precision of a screening function on a corpus: a hit is right when it is the query's expected entry. */
export function scoreCorpus(corpus: Corpus, screen: (query: LabelledQuery) => readonly number[]): CorpusScores {
  let positives = 0;
  let found = 0;
  let hits = 0;
  let falseHits = 0;
  for (const query of corpus.queries) {
    const entries = screen(query);
    if (query.expected !== null) {
      positives++;
      if (entries.includes(query.expected)) found++;
    }
    hits += entries.length;
    falseHits += entries.filter((entry) => entry !== query.expected).length;
  }
  return {
    recall: found / positives,
    precision: hits === 0 ? 1 : (hits - falseHits) / hits,
    positives,
    hits,
    falseHits,
  };
}
