/**
 * A seeded pseudo-random generator (mulberry32), so a failing fuzz run is reproduced by its seed:
 * `SVC_FUZZ_SEED=<seed> pnpm test:reliability`.
 */
export type Random = {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A lowercase hex string of `length` characters. */
  hex(length: number): string;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    seed,
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
    hex: (length) => Array.from({ length }, () => int(16).toString(16)).join(''),
  };
}

/** The seed of this run: `SVC_FUZZ_SEED` when set (to replay a failure), else a new one. */
export function fuzzSeed(): number {
  const given = process.env.SVC_FUZZ_SEED;
  return given ? Number.parseInt(given, 10) >>> 0 : Math.floor(Math.random() * 4_294_967_296);
}

/** A version 4 UUID drawn from `random`. */
export function randomUuid(random: Random): string {
  const hex = random.hex(32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[random.int(4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
