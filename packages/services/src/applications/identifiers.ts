import { createHash, randomBytes } from 'node:crypto';
import { pooledRandomBytes } from '@svc/db';

/** Crockford's base32: no I, L, O or U, so a short uid read aloud or retyped is unambiguous. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SHORT_UID_LENGTH = 8;

/** 8 base32 characters (40 random bits), for people to quote. */
export function randomShortUid(): string {
  const bytes = pooledRandomBytes(SHORT_UID_LENGTH);
  return Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
}

/**
 * `count` distinct short uids. Collisions with the partner's others are rare (2^40 values): the unique key
 * (partner_id, short_uid) catches one, and the order is placed again with new ones (`SHORT_UID_KEY`).
 */
export function drawShortUids(count: number): string[] {
  const drawn = new Set<string>();
  while (drawn.size < count) drawn.add(randomShortUid());
  return [...drawn];
}

/** The unique key a colliding short uid violates. */
export const SHORT_UID_KEY = 'applicants_partner_id_short_uid_key';

/** How long an invitation's onboarding link works. */
export const ONBOARDING_LINK_DAYS = 30;

/** The secret of an onboarding link (256 random bits) and the SHA-256 the portal looks it up by. */
export function newOnboardingToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOnboardingToken(token) };
}

export const hashOnboardingToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The applicant portal's page for a token. */
export const onboardingLink = ({ publicUrl, token }: { publicUrl: string; token: string }): string =>
  `${publicUrl.replace(/\/+$/, '')}/apply/${token}`;

export const onboardingExpiry = (now: Date): Date =>
  new Date(now.getTime() + ONBOARDING_LINK_DAYS * 24 * 60 * 60 * 1000);
