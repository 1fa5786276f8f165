import { dictionary } from '@zxcvbn-ts/language-common';

/** The shortest password accepted (NIST SP 800-63B asks for at least 8; 12 leaves room for passphrases). */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest: Argon2 hashes any length, but a megabyte of password is a denial of service, not a secret. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * The most common passwords of leaked password lists, most common first: zxcvbn-ts's `passwords-common` dictionary
 * (`@zxcvbn-ts/language-common`, MIT; about 49,000 entries), compared case-insensitively. Only the entries long
 * enough to pass the length rule are kept (about 300): the shorter ones are refused as too short anyway.
 */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common']
    .filter((password) => password.length >= MIN_PASSWORD_LENGTH)
    .map((password) => password.toLowerCase()),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

/** Why a password may not be used, or null when it may. Counts characters (code points), not bytes. */
export function passwordProblemOf(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (length > MAX_PASSWORD_LENGTH) return 'too_long';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'too_common';
  return null;
}

/** What a person setting a password reads for each problem. */
export const PASSWORD_PROBLEM_MESSAGES: { readonly [P in PasswordProblem]: string } = {
  too_short: `must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  too_long: `must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  too_common: 'is one of the most common passwords: choose another',
};
