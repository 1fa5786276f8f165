import { describe, expect, it } from 'vitest';
import { isUuidv7, pooledRandomBytes, timestampOfUuidv7, uuidv7Generator } from './ids.js';

describe('uuidv7', () => {
  it('is a version 7, variant 10 UUID carrying its creation time', () => {
    const uuidv7 = uuidv7Generator();
    const now = Date.UTC(2026, 10, 22, 3, 30, 0, 123);
    const id = uuidv7(now);
    expect(isUuidv7(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(timestampOfUuidv7(id).getTime()).toBe(now);
  });

  it('increases strictly, even for many ids in one millisecond', () => {
    const uuidv7 = uuidv7Generator();
    const ids = Array.from({ length: 10_000 }, () => uuidv7(1_800_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // Past 4096 ids in one millisecond the timestamp moves ahead rather than repeating.
    expect(timestampOfUuidv7(ids.at(-1)!).getTime()).toBeGreaterThan(1_800_000_000_000);
  });

  it('never goes backwards when the clock does', () => {
    const uuidv7 = uuidv7Generator();
    const later = uuidv7(1_900_000_000_000);
    const earlierClock = uuidv7(1_899_999_999_000);
    expect(earlierClock > later).toBe(true);
  });

  it('rejects what is not a UUIDv7', () => {
    expect(isUuidv7('0190d8a4-7a36-4c00-8000-000000000001')).toBe(false);
    expect(() => timestampOfUuidv7('nope')).toThrow(TypeError);
  });
});

describe('pooledRandomBytes', () => {
  it('gives each caller bytes of its own, of the length asked, across refills of the pool and beyond its size', () => {
    const drawn = Array.from({ length: 2_000 }, () => pooledRandomBytes(12).toString('hex'));
    expect(drawn.every((hex) => hex.length === 24)).toBe(true);
    expect(new Set(drawn).size).toBe(drawn.length);
    const large = pooledRandomBytes(10_000);
    expect(large.length).toBe(10_000);
    expect(new Set(large).size).toBeGreaterThan(200);
  });
});
