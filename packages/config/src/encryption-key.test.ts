import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEncryptionKey } from './encryption-key.js';

describe('SVC_ENCRYPTION_KEY', () => {
  it('reads 32 random bytes written as hex, canonical base64 or base64url', () => {
    for (let round = 0; round < 200; round += 1) {
      const key = randomBytes(32);
      for (const text of [
        key.toString('hex'),
        key.toString('hex').toUpperCase(),
        key.toString('base64'),
        key.toString('base64url'),
        `${key.toString('hex')}\n`,
      ]) {
        expect(parseEncryptionKey(text).equals(key), text).toBe(true);
      }
    }
  });

  it('refuses what is not exactly 32 bytes in a canonical spelling, saying how to make a key', () => {
    const key = randomBytes(32);
    const base64 = key.toString('base64');
    // The last character of 32 bytes in base64 carries 2 unused bits: a non-zero one is another spelling of the key.
    const last = base64.at(-2) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const nonCanonical = `${base64.slice(0, -2)}${alphabet[alphabet.indexOf(last) | 1]}=`;
    for (const text of [
      'too-short',
      key.toString('hex').slice(0, 62),
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      `${base64.slice(0, 20)}*${base64.slice(21)}`, // lenient decoders skip the stray character
      `${base64.slice(0, 20)} ${base64.slice(20)}`,
      nonCanonical,
      base64.replace('=', '=='),
    ]) {
      expect(() => parseEncryptionKey(text), text).toThrow(/32 bytes.*openssl rand -hex 32/);
    }
  });

  it('refuses keys that are not random-looking: one byte, a repeated run, a count, a passphrase', () => {
    const patterns = [
      '0'.repeat(64),
      'a'.repeat(64),
      'ab'.repeat(32),
      'deadbeef'.repeat(8),
      randomBytes(16).toString('hex').repeat(2), // a random half, twice
      Buffer.from(Array.from({ length: 32 }, (_, index) => index)).toString('hex'), // 00 01 02 … 1f
      Buffer.from(Array.from({ length: 32 }, (_, index) => (index * 7) & 0xff)).toString('base64'),
      Buffer.from('correct horse battery staple 123').toString('base64'), // a passphrase of 32 characters
      Buffer.from([...randomBytes(12), ...Buffer.alloc(20)]).toString('hex'), // mostly zeros
    ];
    for (const text of patterns)
      expect(() => parseEncryptionKey(text), text).toThrow(/does not look random.*openssl rand -hex 32/);
  });
});
