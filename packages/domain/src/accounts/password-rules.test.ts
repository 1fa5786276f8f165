import { describe, expect, it } from 'vitest';
import { passwordProblemOf } from './password-rules.js';

describe('password rules', () => {
  it('refuses passwords shorter than 12 characters, counting characters rather than bytes', () => {
    expect(passwordProblemOf('short pass1')).toBe('too_short');
    expect(passwordProblemOf('ééééééééééé')).toBe('too_short');
    expect(passwordProblemOf('éééééééééééé')).toBeNull();
  });

  it('refuses the most common passwords whatever their case, and accepts an uncommon passphrase', () => {
    expect(passwordProblemOf('123qweasdzxc')).toBe('too_common');
    expect(passwordProblemOf('QAZWSXEDCRFV')).toBe('too_common');
    expect(passwordProblemOf('correct horse battery staple 7')).toBeNull();
  });

  it('refuses a password longer than 256 characters', () => {
    expect(passwordProblemOf('x'.repeat(257))).toBe('too_long');
  });
});
