/**
 * Deterministic randomness for the simulator: a string hash seeds a small PRNG, so the same applicant and check
 * always draw the same numbers. Never `Math.random()`.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny, well-distributed 32-bit PRNG. Returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Rng = {
  /** A number in [0, 1). */
  readonly next: () => number;
  /** An integer in [min, max], both included. */
  readonly int: (min: number, max: number) => number;
  /** One element of a non-empty list. */
  readonly pick: <T>(items: readonly T[]) => T;
  /** `count` distinct elements of a list (fewer when the list is shorter), in list order. */
  readonly sample: <T>(items: readonly T[], count: number) => T[];
  /** A string of `length` decimal digits (leading zeros kept). */
  readonly digits: (length: number) => string;
  /** An amount in whole currency units between min and max, rounded to `step`. */
  readonly amount: (min: number, max: number, step?: number) => number;
};

/** A PRNG seeded from the hash of the given parts (joined with a separator that cannot appear in them). */
export function createRng(...seedParts: readonly string[]): Rng {
  const next = mulberry32(hashString(seedParts.join('\u0000')));
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const indexes = items.map((_, index) => index);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, items.length)) {
      const remaining = indexes.filter((index) => !chosen.has(index));
      chosen.add(pick(remaining));
    }
    return items.filter((_, index) => chosen.has(index));
  };
  const digits = (length: number): string => Array.from({ length }, () => String(int(0, 9))).join('');
  const amount = (min: number, max: number, step = 1): number => Math.round(int(min, max) / step) * step;
  return { next, int, pick, sample, digits, amount };
}
