import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createFieldCipher,
  hasProcessSignature,
  loadEncryptionKey,
  processFieldCipher,
  signWithProcessKey,
  useEncryptionKey,
} from './field-encryption.js';
import { searchKeys, searchTerm } from './search-terms.js';
import { openValue, sealValue } from './sealed-columns.js';

describe('field encryption', () => {
  const cipher = createFieldCipher(randomBytes(32));

  const context = 'applicants.information:0190d5f4-0000-7000-8000-000000000001';

  it('round-trips a value bound to its table, column and row (v2), and never stores it in clear', () => {
    const stored = cipher.encrypt('046454286', context);
    expect(stored).toMatch(/^v2:/);
    expect(stored).not.toContain('046454286');
    expect(cipher.decrypt(stored, context)).toBe('046454286');
  });

  it('refuses a v2 value read as another row’s or another column’s', () => {
    const stored = cipher.encrypt('046454286', context);
    expect(() => cipher.decrypt(stored, 'applicants.information:0190d5f4-0000-7000-8000-000000000002')).toThrow();
    expect(() => cipher.decrypt(stored, 'applicants.consent:0190d5f4-0000-7000-8000-000000000001')).toThrow();
    expect(() => cipher.decrypt(stored, 'check_executions.information:0190d5f4-0000-7000-8000-000000000001')).toThrow();
  });

  it('refuses v1 values (no associated data) at read: only the migrations that convert them read them', () => {
    const v1 = cipher.encryptV1('1990-12-10');
    expect(v1).toMatch(/^v1:/);
    expect(() => cipher.decrypt(v1, context)).toThrow(/not an encrypted/);
    expect(cipher.decryptV1(v1)).toBe('1990-12-10');
    useEncryptionKey(randomBytes(32));
    const rowId = '0190d5f4-0000-7000-8000-000000000001';
    const stored = processFieldCipher().encryptV1('{"sin_ssn":"046454286"}');
    expect(() => openValue({ table: 'applicants', column: 'sensitive_information', rowId, stored })).toThrow(
      /not an encrypted/,
    );
  });

  it('round-trips binary values (a report’s PDF) bound to their row', () => {
    const pdf = Buffer.from('%PDF-1.7 Ada Lovelace 046454286');
    const stored = cipher.encryptBytes(pdf, 'reports.pdf:a');
    expect(stored.includes('Lovelace')).toBe(false);
    expect(cipher.decryptBytes(stored, 'reports.pdf:a').equals(pdf)).toBe(true);
    expect(() => cipher.decryptBytes(stored, 'reports.pdf:b')).toThrow();
    expect(() => cipher.decryptBytes(pdf, 'reports.pdf:a')).toThrow(/not an encrypted/);
  });

  it('gives a different ciphertext each time (random IV)', () => {
    expect(cipher.encrypt('1990-12-10', context)).not.toBe(cipher.encrypt('1990-12-10', context));
  });

  it('refuses a value altered at rest or read with another key', () => {
    const stored = cipher.encrypt('D1234-56789-01234', context);
    const bytes = Buffer.from(stored.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(`v2:${bytes.toString('base64')}`, context)).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored, context)).toThrow();
    expect(() => cipher.decrypt('D1234-56789-01234', context)).toThrow(/not an encrypted/);
  });

  it('generates the embedded key once into the data directory, readable by its owner only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-key-'));
    try {
      const first = await loadEncryptionKey({ configured: undefined, dataDir, embedded: true });
      const second = await loadEncryptionKey({ configured: undefined, dataDir, embedded: true });
      expect(first.equals(second)).toBe(true);
      expect((await stat(join(dataDir, 'encryption.key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(join(dataDir, 'encryption.key'), 'utf8')).trim()).toBe(first.toString('hex'));
      await expect(loadEncryptionKey({ configured: undefined, dataDir, embedded: false })).rejects.toThrow(
        /SVC_ENCRYPTION_KEY/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('seals a column of a row with the process key: null kept, other columns refused', () => {
    useEncryptionKey(randomBytes(32));
    const row = { table: 'applicants', column: 'information', rowId: '0190d5f4-0000-7000-8000-000000000003' };
    const stored = sealValue({ ...row, value: { first_name: 'Ada' } }) as string;
    expect(stored).not.toContain('Ada');
    expect(openValue({ ...row, stored })).toEqual({ first_name: 'Ada' });
    expect(() => openValue({ ...row, rowId: '0190d5f4-0000-7000-8000-000000000004', stored })).toThrow();
    expect(sealValue({ ...row, value: null })).toBeNull();
    expect(() => sealValue({ ...row, column: 'status', value: 'Pending' })).toThrow(/not a sealed column/);
  });

  it('during a rotation opens values of the previous key, seals with the current one, and re-seals only those', () => {
    const [a, b, other] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const underA = createFieldCipher(a).encrypt('046454286', context);
    const pdfUnderA = createFieldCipher(a).encryptBytes(Buffer.from('%PDF'), 'reports.pdf:a');
    const rotating = createFieldCipher(b, a);
    expect(rotating.decrypt(underA, context)).toBe('046454286');
    expect(rotating.decryptBytes(pdfUnderA, 'reports.pdf:a').toString()).toBe('%PDF');
    // Bound to its place under either key.
    expect(() => rotating.decrypt(underA, 'applicants.information:other')).toThrow();
    const fresh = rotating.encrypt('046454286', context);
    expect(createFieldCipher(b).decrypt(fresh, context)).toBe('046454286');
    expect(() => createFieldCipher(a).decrypt(fresh, context)).toThrow();
    const resealed = rotating.resealed(underA, context)!;
    expect(createFieldCipher(b).decrypt(resealed, context)).toBe('046454286');
    expect(rotating.resealed(resealed, context)).toBeNull();
    const pdf = rotating.resealedBytes(pdfUnderA, 'reports.pdf:a')!;
    expect(createFieldCipher(b).decryptBytes(pdf, 'reports.pdf:a').toString()).toBe('%PDF');
    expect(rotating.resealedBytes(pdf, 'reports.pdf:a')).toBeNull();
    // Sealed under neither key: refused, by reads and by the re-seal alike.
    const underOther = createFieldCipher(other).encrypt('046454286', context);
    expect(() => rotating.decrypt(underOther, context)).toThrow();
    expect(() => rotating.resealed(underOther, context)).toThrow();
    expect(() => createFieldCipher(b).decrypt(underA, context)).toThrow();
  });

  it('during a rotation verifies signatures and searches terms of either key; after it, of the current only', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const signed = { purpose: 'test', data: 'applicant.1' };
    const term = { partnerId: 'p', kind: 'email' as const, value: 'ada@example.com' };
    useEncryptionKey(a);
    const signatureA = signWithProcessKey(signed);
    const termA = searchTerm(term);
    useEncryptionKey(b, a);
    expect(hasProcessSignature({ ...signed, signature: signatureA })).toBe(true);
    expect(signWithProcessKey(signed)).not.toBe(signatureA);
    expect(searchTerm(term)).not.toBe(termA);
    expect(searchKeys().map((key) => searchTerm({ ...term, key }))).toEqual([searchTerm(term), termA]);
    useEncryptionKey(b);
    expect(hasProcessSignature({ ...signed, signature: signatureA })).toBe(false);
    expect(hasProcessSignature({ ...signed, signature: signWithProcessKey(signed) })).toBe(true);
    expect(searchKeys().map((key) => searchTerm({ ...term, key }))).toEqual([searchTerm(term)]);
  });
});
