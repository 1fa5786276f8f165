import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEncryptionKey } from '@svc/config';
import { pooledRandomBytes } from '../ids.js';
import { useSearchKeysOf } from './search-terms.js';

/**
 * Personal data at rest (DESIGN.md section 8; DECISIONS.md "Personal data") is AES-256-GCM with a random 96-bit IV
 * per value. A `v2:` value, `v2:<base64 of iv | tag | ciphertext>`, is bound to where it is stored: its associated
 * data names the table, the column and the row (`applicants.information:<id>`), so a ciphertext copied to another
 * row or column does not decrypt. `v1:` values (no associated data) were written before migration 1795318189400,
 * which converts them all: only migrations read them (`decryptV1`), every other read refuses them. Binary columns
 * (a report's PDF) hold the same bytes after the four bytes `svc2`, unencoded.
 */
const V1 = 'v1';
const V2 = 'v2';
const BINARY_V2 = Buffer.from('svc2');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type FieldCipher = {
  /** A `v2:` value of `plaintext` bound to `context` (`<table>.<column>:<row id>`), sealed with the current key. */
  encrypt(plaintext: string, context: string): string;
  /**
   * The plaintext of a `v2:` value bound to `context`, sealed with the current key or (during a rotation) the
   * previous one; throws on anything else (`v1:` included).
   */
  decrypt(stored: string, context: string): string;
  /** The plaintext of a `v1:` value (no associated data): only for the migrations that convert them. */
  decryptV1(stored: string): string;
  /** The binary form of `encrypt`. */
  encryptBytes(plaintext: Uint8Array, context: string): Buffer;
  decryptBytes(stored: Uint8Array, context: string): Buffer;
  /** A `v1:` value (no associated data): only for migrations that ran before `v2:` existed. */
  encryptV1(plaintext: string): string;
  /**
   * `stored` sealed again with the current key, or null when the current key sealed it already (left alone). Throws,
   * like `decrypt`, on a value neither key sealed for `context`.
   */
  resealed(stored: string, context: string): string | null;
  /** The binary form of `resealed`. */
  resealedBytes(stored: Uint8Array, context: string): Buffer | null;
};

/**
 * The cipher of `key`; with `previous` (a rotation, `SVC_ENCRYPTION_KEY_PREVIOUS`) a value the current key does not
 * authenticate is tried with the previous one (trial decryption: a value carries no key id, DECISIONS.md "Rotating
 * the encryption key"). New values are always sealed with `key`.
 */
export function createFieldCipher(key: Buffer, previous: Buffer | null = null): FieldCipher {
  if (key.length !== 32 || (previous && previous.length !== 32))
    throw new Error('the encryption key must be 32 bytes (AES-256)');
  // A key object made once: given the bytes, each cipher would make its own (a tenth of a record read's CPU).
  const secret = createSecretKey(key);
  const previousSecret = previous ? createSecretKey(previous) : null;
  const seal = (plaintext: Uint8Array, context: string | null): Buffer => {
    const iv = pooledRandomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', secret, iv);
    if (context !== null) cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  };
  const openWith = (keyObject: KeyObject, bytes: Uint8Array, context: string | null): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', keyObject, bytes.subarray(0, IV_BYTES));
    if (context !== null) decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  };
  /** The plaintext, and whether the current key sealed it. */
  const openAny = (bytes: Uint8Array, context: string | null): { plaintext: Buffer; current: boolean } => {
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('not an encrypted field value');
    try {
      return { plaintext: openWith(secret, bytes, context), current: true };
    } catch (error) {
      // GCM authentication failed: sealed with another key (or for another place, or altered).
      if (!previousSecret) throw error;
      try {
        return { plaintext: openWith(previousSecret, bytes, context), current: false };
      } catch {
        throw error;
      }
    }
  };
  const open = (bytes: Uint8Array, context: string | null): Buffer => openAny(bytes, context).plaintext;
  const textBytes = (stored: string): Buffer => {
    if (!stored.startsWith(`${V2}:`)) throw new Error('not an encrypted field value (v2)');
    return Buffer.from(stored.slice(V2.length + 1), 'base64');
  };
  const binaryBytes = (stored: Uint8Array): Uint8Array => {
    if (!BINARY_V2.equals(stored.subarray(0, BINARY_V2.length))) throw new Error('not an encrypted binary value');
    return stored.subarray(BINARY_V2.length);
  };
  const encrypt = (plaintext: Uint8Array, context: string): string =>
    `${V2}:${seal(plaintext, context).toString('base64')}`;
  const encryptBytes = (plaintext: Uint8Array, context: string): Buffer =>
    Buffer.concat([BINARY_V2, seal(plaintext, context)]);
  return {
    encrypt: (plaintext, context) => encrypt(Buffer.from(plaintext, 'utf8'), context),
    decrypt: (stored, context) => open(textBytes(stored), context).toString('utf8'),
    decryptV1(stored) {
      if (!stored.startsWith(`${V1}:`)) throw new Error('not a v1 encrypted field value');
      return open(Buffer.from(stored.slice(V1.length + 1), 'base64'), null).toString('utf8');
    },
    encryptBytes,
    decryptBytes: (stored, context) => open(binaryBytes(stored), context),
    encryptV1: (plaintext) => `${V1}:${seal(Buffer.from(plaintext, 'utf8'), null).toString('base64')}`,
    resealed(stored, context) {
      const { plaintext, current } = openAny(textBytes(stored), context);
      return current ? null : encrypt(plaintext, context);
    },
    resealedBytes(stored, context) {
      const { plaintext, current } = openAny(binaryBytes(stored), context);
      return current ? null : encryptBytes(plaintext, context);
    },
  };
}

/** Whether `stored` has the form of an encrypted text value (`v2:`); only decrypting it proves it is one. */
export const isEncryptedText = (stored: string): boolean => stored.startsWith(`${V2}:`);

/** Whether `stored` is an encrypted binary value. */
export const isEncryptedBytes = (stored: Uint8Array): boolean =>
  BINARY_V2.equals(Buffer.from(stored.subarray(0, BINARY_V2.length)));

/**
 * The key of this process: the configured one, or for the embedded database one generated once into the data
 * directory (`encryption.key`, readable by its owner only). A PostgreSQL deployment must configure its key.
 */
export async function loadEncryptionKey({
  configured,
  dataDir,
  embedded,
}: {
  configured: string | undefined;
  dataDir: string;
  embedded: boolean;
}): Promise<Buffer> {
  if (configured) return parseEncryptionKey(configured);
  if (!embedded)
    throw new Error(
      'svc: SVC_ENCRYPTION_KEY is required with DATABASE_URL (32 bytes, hex or base64): personal data is encrypted at rest',
    );
  const file = join(dataDir, 'encryption.key');
  try {
    return parseEncryptionKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(file, 0o600);
  return key;
}

/** `SVC_ENCRYPTION_KEY_PREVIOUS`, when a rotation is under way. */
export const previousEncryptionKey = (configured: string | undefined): Buffer | null =>
  configured ? parseEncryptionKey(configured) : null;

let processCipher: FieldCipher | null = null;
/** The signing keys: the current one first, then (during a rotation) the previous one's. */
let processSigningKeys: Buffer[] = [];
let processHasPreviousKey = false;

const signingKeyOf = (key: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'svc signing key v1', 32));

/**
 * Sets the key every encrypted column of this process uses; called once at boot (and by test set-up). A signing key
 * for short-lived tokens (the portal's form tokens, hosted report links) is derived from it (HKDF), so every process
 * of a deployment signs and verifies alike without another secret to configure; so is the key of the applicants'
 * blind indexes. With `previous` (`SVC_ENCRYPTION_KEY_PREVIOUS`, a rotation) what that key sealed, signed or indexed
 * is still read, verified and found; everything new is sealed, signed and indexed with `key`.
 */
export function useEncryptionKey(key: Buffer, previous: Buffer | null = null): void {
  processCipher = createFieldCipher(key, previous);
  processSigningKeys = previous ? [signingKeyOf(key), signingKeyOf(previous)] : [signingKeyOf(key)];
  processHasPreviousKey = previous !== null;
  useSearchKeysOf(key, previous);
}

/** Whether this process reads with a previous key too (`SVC_ENCRYPTION_KEY_PREVIOUS`): a rotation is under way. */
export const hasPreviousEncryptionKey = (): boolean => processHasPreviousKey;

const signWith = (key: Buffer, { purpose, data }: { purpose: string; data: string }): string =>
  createHmac('sha256', key).update(`${purpose}\n${data}`).digest('base64url');

/** HMAC-SHA-256 of `data` for one `purpose` (base64url), with the key derived from the encryption key. */
export function signWithProcessKey(signed: { purpose: string; data: string }): string {
  const [current] = processSigningKeys;
  if (!current) throw new Error('no encryption key: call useEncryptionKey() at boot');
  return signWith(current, signed);
}

/**
 * Every signature of `data` this process accepts: under the current key, then (during a rotation) under the previous
 * one. For a comparison made elsewhere (a stored request hash); a token is checked with `hasProcessSignature`.
 */
export function processSignatures(signed: { purpose: string; data: string }): string[] {
  if (processSigningKeys.length === 0) throw new Error('no encryption key: call useEncryptionKey() at boot');
  return processSigningKeys.map((key) => signWith(key, signed));
}

/**
 * Whether `signature` is this process's signature of `data` for `purpose`, under the current key or (during a
 * rotation) the previous one (constant-time comparisons).
 */
export function hasProcessSignature({
  purpose,
  data,
  signature,
}: {
  purpose: string;
  data: string;
  signature: string;
}): boolean {
  const given = Buffer.from(signature);
  return processSignatures({ purpose, data }).some((candidate) => {
    const expected = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The cipher of this process's key (`useEncryptionKey`). */
export function processFieldCipher(): FieldCipher {
  if (!processCipher) throw new Error('no encryption key: call useEncryptionKey() at boot');
  return processCipher;
}

/** The `v1:` value of `plaintext` with this process's key: for the migrations written before `v2:` only. */
export const encryptV1WithProcessKey = (plaintext: string): string => processFieldCipher().encryptV1(plaintext);
