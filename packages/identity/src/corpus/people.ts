import { checkDigit } from '../mrz-format.js';

/** A deterministic pseudo-random sequence (mulberry32): the same seed gives the same corpus. */
export function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof randomOf>;

/** A made-up holder: names as the applicant writes them (diacritics kept) and dates `YYYY-MM-DD`. */
export type Person = {
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly birthDate: string;
  readonly sex: 'F' | 'M';
};

const FIRST = [
  'Sarah',
  'Zoë',
  'Amélie',
  'Chloé',
  'Maria',
  'Aisha',
  'Li',
  'Olivia',
  'Émilie',
  'Nadia',
  'Hannah',
  'Sofía',
];
const MIDDLE = ['Anne', 'Louise', 'Marie', 'Jane', 'Grace'];
const LAST = [
  'Martin',
  'Nguyen',
  'Tremblay',
  'García',
  'Müller',
  "O'Brien",
  'Smith-Jones',
  'Kowalski',
  'Côté',
  'Dubois',
  'Okafor',
  'Lefèvre',
];

export function personOf(random: Random): Person {
  const year = random.int(1950, 2004);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return {
    firstName: random.pick(FIRST),
    middleName: random.next() < 0.4 ? random.pick(MIDDLE) : null,
    lastName: random.pick(LAST),
    birthDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    sex: 'F',
  };
}

/** A name as an MRZ writes it: capitals without diacritics, other characters fillers. */
export const mrzName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, '<');

const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
const withDigit = (field: string) => field + String(checkDigit(field));

/** A passport's two lines (TD3). */
export function td3Lines(person: Person, country: string, number: string, expiry: string): string[] {
  const given = [person.firstName, person.middleName]
    .filter(Boolean)
    .map((name) => mrzName(name!))
    .join('<');
  const line1 = `P<${country}${mrzName(person.lastName)}<<${given}`.padEnd(44, '<').slice(0, 44);
  const numberField = withDigit(number.padEnd(9, '<'));
  const personal = withDigit('<'.repeat(14)).replace(/0$/, '<');
  const birth = withDigit(yymmdd(person.birthDate));
  const expires = withDigit(yymmdd(expiry));
  const composite = checkDigit(numberField + birth + expires + personal);
  return [line1, `${numberField}${country}${birth}${person.sex}${expires}${personal}${composite}`];
}

/** An ID card's three lines (TD1). */
export function td1Lines(person: Person, country: string, number: string, expiry: string): string[] {
  const given = [person.firstName, person.middleName]
    .filter(Boolean)
    .map((name) => mrzName(name!))
    .join('<');
  const line1 = `ID${country}${withDigit(number.padEnd(9, '<'))}`.padEnd(30, '<');
  const birth = withDigit(yymmdd(person.birthDate));
  const expires = withDigit(yymmdd(expiry));
  const line2Head = `${birth}${person.sex}${expires}${country}`.padEnd(29, '<');
  const composite = checkDigit(
    line1.slice(5, 30) + line2Head.slice(0, 7) + line2Head.slice(8, 15) + line2Head.slice(18, 29),
  );
  const line3 = `${mrzName(person.lastName)}<<${given}`.padEnd(30, '<').slice(0, 30);
  return [line1, `${line2Head}${composite}`, line3];
}
