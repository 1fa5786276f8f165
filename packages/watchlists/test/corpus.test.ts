import { describe, expect, it } from 'vitest';
import { queryName, ScreeningIndex } from '../src/index.js';
import { generateCorpus, scoreCorpus } from '../src/testing/index.js';

/** The threshold the watchlist provider uses by default. */
const THRESHOLD = 0.85;

describe('the labelled corpus (a reduced form of `pnpm bench watchlists`)', () => {
  it('finds at least 98% of the listed people under their variants at a precision of 95% or more', () => {
    const corpus = generateCorpus({ entries: 5_000, queries: 1_500 });
    const index = new ScreeningIndex();
    for (const entry of corpus.entries) index.add(entry);
    index.build();
    const scores = scoreCorpus(corpus, (query) =>
      index
        .screen(queryName(query.name), { birthDate: query.birthDate, nationalities: [] }, { minimum: THRESHOLD })
        .map((hit) => hit.entry),
    );
    expect(scores.positives).toBeGreaterThan(500);
    expect(scores.recall).toBeGreaterThanOrEqual(0.98);
    expect(scores.precision).toBeGreaterThanOrEqual(0.95);
  });
});
