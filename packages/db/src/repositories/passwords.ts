import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id (the library's default algorithm) with OWASP's minimum cost: 19 MiB, 2 passes, 1 lane. A hash is a PHC
 * string (`$argon2id$v=19$m=19456,t=2,p=1$…`): its own parameters and salt, so a later change of cost still
 * verifies older hashes.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

let decoyHash: Promise<string> | undefined;

/**
 * Whether `password` is the one `passwordHash` was made from. Without a hash (no such user, or no password set) a
 * decoy hash is verified all the same, so the answer takes as long whether the account exists or not.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoyHash ??= hashPassword('decoy password: no account has it');
    await verify(await decoyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}

/** Longer passwords are refused before hashing (the rules allow 256 characters: at most 1,024 bytes of UTF-8). */
export const MAX_PASSWORD_BYTES = 1_024;
