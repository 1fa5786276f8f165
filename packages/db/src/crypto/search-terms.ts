import { createHmac, hkdfSync } from 'node:crypto';
import { NAME_PREFIX_MAX } from '@svc/contract';

/**
 * Blind indexes of applicants' personal data (DECISIONS.md "Finding applicants"): what a list filter searches
 * instead of a plaintext column. A term is the HMAC-SHA-256 (truncated to 96 bits, base64url) of a normalised value,
 * its kind (`email`, `phone`, `name`) and the partner's id, under a key derived from the encryption key (HKDF, its own
 * purpose): the database holds no value in clear, equal values of two partners hash apart, and a term cannot be
 * recomputed without the key. The key follows the encryption key: during a rotation (`SVC_ENCRYPTION_KEY_PREVIOUS`)
 * terms are written under the current key and searched under both, and `svc encryption rotate` recomputes every
 * applicant's terms under the current key (migration `ApplicantSearch` computed them for the applicants written
 * before it).
 */

/** Words of one name field indexed (a name of more words is found by its first ones). */
const NAME_WORDS_MAX = 6;

export type SearchTermKind = 'email' | 'phone' | 'name';

/** A key terms are computed under (derived from an encryption key). */
export type SearchKey = { readonly bytes: Buffer };

/** The current search key, then (during a rotation) the previous one's. */
let processSearchKeys: SearchKey[] = [];

const searchKeyOf = (encryptionKey: Buffer): SearchKey => ({
  bytes: Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'svc applicant search v1', 32)),
});

/** Derives the search keys from the encryption keys (called by `useEncryptionKey`). */
export function useSearchKeysOf(encryptionKey: Buffer, previous: Buffer | null): void {
  processSearchKeys = previous ? [searchKeyOf(encryptionKey), searchKeyOf(previous)] : [searchKeyOf(encryptionKey)];
}

/** The keys a search looks for terms under: the current one, then (during a rotation) the previous one. */
export function searchKeys(): readonly SearchKey[] {
  if (processSearchKeys.length === 0) throw new Error('no encryption key: call useEncryptionKey() at boot');
  return processSearchKeys;
}

/** One term: the keyed hash of a normalised value of `kind` for `partnerId`, under `key` (default: the current one). */
export function searchTerm({
  partnerId,
  kind,
  value,
  key = searchKeys()[0]!,
}: {
  partnerId: string;
  kind: SearchTermKind;
  value: string;
  key?: SearchKey;
}): string {
  return createHmac('sha256', key.bytes)
    .update(`${kind}\0${partnerId}\0${value}`)
    .digest()
    .subarray(0, 12)
    .toString('base64url');
}

/** An email as searched: trimmed, lower case. */
export const normalisedEmail = (email: string): string => email.normalize('NFC').trim().toLowerCase();

/**
 * A phone number as searched: its digits only, and a North American number's leading country code `1` dropped (so
 * `+1 416 555 0100` and `(416) 555-0100` are one number). Other country codes count as digits like any other.
 */
export function normalisedPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The words of a name as searched: accents and case folded (`Zoë-Ann` -> `zoe`, `ann`), letters and digits only. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The term a name query word is found by: its prefix term (cut to `NAME_PREFIX_MAX` characters). */
export const nameQueryTerm = (partnerId: string, word: string, key?: SearchKey): string =>
  searchTerm({ partnerId, kind: 'name', value: [...word].slice(0, NAME_PREFIX_MAX).join(''), ...(key ? { key } : {}) });

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Every term of an applicant (its plaintext columns): its email, its phone number, and each prefix (1 to
 * `NAME_PREFIX_MAX` characters) of each word of its first, middle and last names. Sorted and unique.
 */
export function applicantSearchTerms({
  partnerId,
  email,
  phoneNumber,
  information,
}: {
  partnerId: string;
  email: string | null;
  phoneNumber: { number: string } | null;
  information: Readonly<Record<string, unknown>> | null;
}): string[] {
  const terms = new Set<string>();
  if (email) terms.add(searchTerm({ partnerId, kind: 'email', value: normalisedEmail(email) }));
  const phone = phoneNumber ? normalisedPhone(phoneNumber.number) : '';
  if (phone) terms.add(searchTerm({ partnerId, kind: 'phone', value: phone }));
  for (const field of ['first_name', 'middle_name', 'last_name']) {
    const name = text(information?.[field]);
    if (!name) continue;
    for (const word of nameWords(name).slice(0, NAME_WORDS_MAX)) {
      const characters = [...word];
      for (let length = 1; length <= Math.min(characters.length, NAME_PREFIX_MAX); length += 1)
        terms.add(searchTerm({ partnerId, kind: 'name', value: characters.slice(0, length).join('') }));
    }
  }
  return [...terms].sort();
}
