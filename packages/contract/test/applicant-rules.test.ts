import { describe, expect, it } from 'vitest';
import { hiddenCharacterIn, isBirthDateInRange, latestBirthDate } from '../src/common/applicant-rules.js';

describe('applicant rules', () => {
  it('accept a date of birth from 1900-01-01 to the UTC day 14 years earlier, both included', () => {
    const now = new Date('2026-11-25T23:30:00-05:00'); // 26 November in UTC
    expect(latestBirthDate(now)).toBe('2012-11-26');
    expect(isBirthDateInRange('2012-11-26', now)).toBe(true);
    expect(isBirthDateInRange('2012-11-27', now)).toBe(false);
    expect(isBirthDateInRange('1900-01-01', now)).toBe(true);
    expect(isBirthDateInRange('1899-12-31', now)).toBe(false);
    // 29 February 14 years back is 1 March.
    expect(latestBirthDate(new Date('2028-02-29T12:00:00Z'))).toBe('2014-03-01');
  });

  it('find the characters that reorder or hide text, and accept the joiners scripts need', () => {
    for (const code of [0x061c, 0x200b, 0x200e, 0x200f, 0x202a, 0x202e, 0x2060, 0x2064, 0x2066, 0x2069, 0xfeff]) {
      expect(hiddenCharacterIn(`a${String.fromCodePoint(code)}b`)).toBe(
        `U+${code.toString(16).toUpperCase().padStart(4, '0')}`,
      );
    }
    for (const text of ['Zoë Ångström', 'می\u200Cخواهم', 'क्\u200Dष', '', '👩‍👩‍👧'])
      expect(hiddenCharacterIn(text)).toBeNull();
    for (const [text, found] of [
      ['a\u001B[2Jb', 'U+001B'],
      ['a\u00ADb', 'U+00AD'],
      ['a\u{E0041}b', 'U+E0041'],
      ['a\uFDD0b', 'U+FDD0'],
      ['a\u{10FFFF}b', 'U+10FFFF'],
      ['a\uD800b', 'U+D800'],
      ['a\u0085b', 'U+0085'],
    ] as const)
      expect(hiddenCharacterIn(text), found).toBe(found);
    // Line breaks: refused in a name, accepted in multi-line texts.
    expect(hiddenCharacterIn('Ada\r\nLovelace', { multiline: false })).toBe('U+000D');
    expect(hiddenCharacterIn('Dear team,\r\nI apply.')).toBeNull();
  });
});
