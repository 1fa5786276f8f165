const MAKE_A_KEY = 'make one with `openssl rand -hex 32`';
/** Fewer distinct values than this among 32 bytes (or among the steps between neighbours) is a pattern, not chance. */
const MIN_DISTINCT = 16;

const distinctCount = (values: Iterable<number>): number => new Set(values).size;
/** Whether the key repeats a shorter run of bytes (`abab…`). */
const repeatsShorterRun = (key: Buffer): boolean =>
  [1, 2, 4, 8, 16].some((period) => key.subarray(period).equals(key.subarray(0, key.length - period)));

/**
 * `SVC_ENCRYPTION_KEY`: 64 hex characters, or the canonical base64 (44 characters, `=`-padded) or base64url (43) of
 * exactly 32 bytes; anything else, lenient decoding included, is refused. The bytes must look random: a key of
 * fewer than 16 distinct byte values, whose steps between neighbouring bytes take fewer than 16 values (counting
 * sequences), that repeats a shorter run, or that is all printable ASCII (a passphrase) is refused. 32 random bytes
 * fail these tests with a probability far below 10^-12.
 */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : [Buffer.from(trimmed, 'base64'), Buffer.from(trimmed, 'base64url')].find(
        (bytes) =>
          bytes.length === 32 && (bytes.toString('base64') === trimmed || bytes.toString('base64url') === trimmed),
      );
  if (!key)
    throw new Error(
      `SVC_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or canonical base64: ${MAKE_A_KEY}`,
    );
  const steps = key.subarray(1).map((byte, index) => (byte - (key[index] ?? 0)) & 0xff);
  const printable = key.every((byte) => byte >= 0x20 && byte < 0x7f);
  if (distinctCount(key) < MIN_DISTINCT || distinctCount(steps) < MIN_DISTINCT || repeatsShorterRun(key) || printable) {
    throw new Error(
      `SVC_ENCRYPTION_KEY does not look random (a repeated, counting or text pattern): it must be 32 random bytes; ${MAKE_A_KEY}`,
    );
  }
  return key;
}
