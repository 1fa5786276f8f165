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

/** How long failed logins of one email from one address are counted (`SVC_LOGIN_FAILURES_PER_ACCOUNT` of them at most). */
export const ACCOUNT_FAILURE_WINDOW_SECONDS = 15 * 60;

const accountRefusal = (retryAfterSeconds: number) =>
  new AppError({
    code: 'rate_limited',
    status: 429,
    detail: `Too many failed logins for this account from your address. Retry after ${retryAfterSeconds} seconds.`,
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

/** What failures are counted by: the email as given (any case) from one client address. */
const attemptKey = (email: string, address: string) => `${email.toLowerCase()} ${address}`;

/**
 * Logs a user in with their email and password. Emails are unique within a partner, not across svc: the password is
 * tried against each user with the email who has one (usually one). Failures count per email *and* address (in
 * `accountFailures`, shared by every API process on PostgreSQL) and, by the caller, per address: past its limit the
 * pair is refused before the password is checked, so guessing from that address stops there, while the right
 * password from another address still signs in (a stranger cannot lock a user out). An unknown email is counted and
 * answered exactly as a known one and costs as long (`verifyPassword` with no hash), so neither the answers nor the
 * limit tell whether an account exists. Every failure for an existing account is in the audit log.
 */
export function passwordLogin({
  db,
  accountFailures,
}: {
  db: Database;
  accountFailures: RateLimiterAbstract;
}): PasswordLogin {
  const auditFailure = (candidate: LoginCandidate, { address, requestId }: { address: string; requestId: string }) =>
    recordAudit(db, {
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
  const countFailure = async (key: string): Promise<AppError | null> => {
    try {
      await accountFailures.consume(key);
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
      const key = attemptKey(given.email, address);
      const counted = await accountFailures.get(key);
      if (counted && counted.consumedPoints >= accountFailures.points)
        return { outcome: 'refused', refusal: accountRefusal(retryAfterSecondsOf(counted)) };
      const candidates = (await findLoginCandidates(db, given.email)).filter(
        (candidate) => candidate.passwordHash !== null,
      );
      if (candidates.length === 0) await verifyPassword(null, given.password);
      for (const candidate of candidates) {
        if (!(await verifyPassword(candidate.passwordHash, given.password))) continue;
        const principal = candidate.isActive ? await findPrincipalOfUser(db, candidate.userId) : null;
        if (principal) return { outcome: 'signed_in', principal };
      }
      for (const candidate of candidates) await auditFailure(candidate, { address, requestId });
      const refusal = await countFailure(key);
      return refusal ? { outcome: 'refused', refusal } : { outcome: 'failed' };
    },
  };
}
