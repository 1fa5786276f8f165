import { createHash, randomBytes } from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import { Applicant } from '../entities/applicant.js';

/** Crockford's base32: no I, L, O or U, so a short uid read aloud or retyped is unambiguous. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SHORT_UID_LENGTH = 8;

/** 8 base32 characters (40 random bits), for people to quote. */
export function randomShortUid(): string {
  const bytes = randomBytes(SHORT_UID_LENGTH);
  return Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
}

/**
 * `count` short uids unused by the partner (and distinct). Collisions are rare (2^40 values), so the candidates are
 * checked in one query and drawn again only when one is taken; the unique key (partner_id, short_uid) is the
 * backstop against a concurrent insert.
 */
export async function newShortUids(manager: EntityManager, { partnerId, count }: { partnerId: string; count: number }): Promise<string[]> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidates = [...new Set(Array.from({ length: count }, randomShortUid))];
    if (candidates.length !== count) continue;
    const taken = await manager.count(Applicant, { where: { partnerId, shortUid: In(candidates) } });
    if (taken === 0) return candidates;
  }
  throw new Error('could not draw an unused short uid');
}

/** How long an invitation's onboarding link works. */
export const ONBOARDING_LINK_DAYS = 30;

/** The secret of an onboarding link (256 random bits) and the SHA-256 the portal looks it up by. */
export function newOnboardingToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOnboardingToken(token) };
}

export const hashOnboardingToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The applicant portal's page for a token. */
export const onboardingLink = ({ publicUrl, token }: { publicUrl: string; token: string }): string => `${publicUrl.replace(/\/+$/, '')}/apply/${token}`;

export const onboardingExpiry = (now: Date): Date => new Date(now.getTime() + ONBOARDING_LINK_DAYS * 24 * 60 * 60 * 1000);
