import {
  findLoginCandidates,
  findPrincipalOfUser,
  MAX_PASSWORD_BYTES,
  recordAudit,
  verifyPassword,
  type ApiPrincipal,
  type Database,
  type LoginCandidate,
} from '@svc/db';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { retryAfterSecondsOf } from './address-limit.js';
import { AppError } from './problem.js';

export type LoginOutcome =
  | { outcome: 'signed_in'; principal: ApiPrincipal }
  /** A wrong email or password: the caller answers 401 and counts it against the address. */
  | { outcome: 'failed' }
  /** The account is past its limit of failures: 429, whatever the password. */
  | { outcome: 'refused'; refusal: AppError };

/** HTTP Basic email and password, checked against the users' Argon2id hashes. */
export type PasswordLogin = {
  logIn(request: { basic: string; address: string; requestId: string }): Promise<LoginOutcome>;
};

/** How long an account's failed logins are counted (`SVC_LOGIN_FAILURES_PER_ACCOUNT` of them at most). */
export const ACCOUNT_FAILURE_WINDOW_SECONDS = 15 * 60;

const accountRefusal = (retryAfterSeconds: number) =>
  new AppError({
    code: 'rate_limited',
    status: 429,
    detail: `Too many failed logins for this account. Retry after ${retryAfterSeconds} seconds.`,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

/** `email:password` from the Basic credentials; null when they are not that (nothing to look up). */
function emailAndPassword(basic: string): { email: string; password: string } | null {
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const email = decoded.slice(0, colon).trim();
  const password = decoded.slice(colon + 1);
  if (email.length > 254 || password.length === 0 || Buffer.byteLength(password) > MAX_PASSWORD_BYTES) return null;
  return { email, password };
}

/**
 * Logs a user in with their email and password. Emails are unique within a partner, not across svc: the password is
 * tried against each user with the email who has one (usually one). Failures count per account (each such user, in
 * `accountFailures`, shared by every API process on PostgreSQL) and, by the caller, per address; an account past its
 * limit is refused before its password is checked, so guessing it stops there. Every failure for an existing account
 * is in the audit log. An unknown email costs as long as a known one (`verifyPassword` with no hash).
 */
export function passwordLogin({
  db,
  accountFailures,
}: {
  db: Database;
  accountFailures: RateLimiterAbstract;
}): PasswordLogin {
  const manager = db.dataSource.manager;
  const refusalOf = async (candidates: LoginCandidate[]): Promise<AppError | null> => {
    for (const candidate of candidates) {
      const counted = await accountFailures.get(candidate.userId);
      if (counted && counted.consumedPoints >= accountFailures.points)
        return accountRefusal(retryAfterSecondsOf(counted));
    }
    return null;
  };
  const countFailure = async (
    candidate: LoginCandidate,
    { address, requestId }: { address: string; requestId: string },
  ) => {
    await recordAudit(manager, {
      partnerId: candidate.partnerId,
      environment: 'live',
      actorUserId: null,
      actorApiKeyId: null,
      action: 'login.failed',
      subjectType: 'user',
      subjectId: candidate.userId,
      ipAddress: address,
      requestId,
    });
    try {
      await accountFailures.consume(candidate.userId);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return accountRefusal(retryAfterSecondsOf(rejection));
    }
  };
  return {
    async logIn({ basic, address, requestId }) {
      const given = emailAndPassword(basic);
      if (!given) return { outcome: 'failed' };
      const candidates = (await findLoginCandidates(manager, given.email)).filter(
        (candidate) => candidate.passwordHash !== null,
      );
      const refusal = await refusalOf(candidates);
      if (refusal) return { outcome: 'refused', refusal };
      if (candidates.length === 0) await verifyPassword(null, given.password);
      for (const candidate of candidates) {
        if (!(await verifyPassword(candidate.passwordHash, given.password))) continue;
        const principal = candidate.isActive ? await findPrincipalOfUser(manager, candidate.userId) : null;
        if (principal) return { outcome: 'signed_in', principal };
      }
      let lastRefusal: AppError | null = null;
      for (const candidate of candidates)
        lastRefusal = (await countFailure(candidate, { address, requestId })) ?? lastRefusal;
      return lastRefusal ? { outcome: 'refused', refusal: lastRefusal } : { outcome: 'failed' };
    },
  };
}
