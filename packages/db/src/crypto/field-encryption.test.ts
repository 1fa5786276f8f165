import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, encryptedText, loadEncryptionKey, parseEncryptionKey, useEncryptionKey } from './field-encryption.js';

describe('field encryption', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips a value and never stores it in clear', () => {
    const stored = cipher.encrypt('046454286');
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('046454286');
    expect(cipher.decrypt(stored)).toBe('046454286');
  });

  it('gives a different ciphertext each time (random IV)', () => {
    expect(cipher.encrypt('1990-12-10')).not.toBe(cipher.encrypt('1990-12-10'));
  });

  it('refuses a value altered at rest or read with another key', () => {
    const stored = cipher.encrypt('D1234-56789-01234');
    const bytes = Buffer.from(stored.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored)).toThrow();
  });

  it('reads keys as hex or base64 of 32 bytes only', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseEncryptionKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseEncryptionKey('too-short')).toThrow(/32 bytes/);
  });

  it('generates the embedded key once into the data directory, readable by its owner only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-key-'));
    const first = await loadEncryptionKey({ configured: undefined, dataDir, embedded: true });
    const second = await loadEncryptionKey({ configured: undefined, dataDir, embedded: true });
    expect(first.equals(second)).toBe(true);
    expect((await stat(join(dataDir, 'encryption.key'))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dataDir, 'encryption.key'), 'utf8')).trim()).toBe(first.toString('hex'));
    await expect(loadEncryptionKey({ configured: undefined, dataDir, embedded: false })).rejects.toThrow(/SVC_ENCRYPTION_KEY/);
  });

  it('encrypts through the column transformer', () => {
    useEncryptionKey(randomBytes(32));
    const stored = encryptedText.to('046454286') as string;
    expect(stored).not.toContain('046454286');
    expect(encryptedText.from(stored)).toBe('046454286');
    expect(encryptedText.to(null)).toBeNull();
  });
});
