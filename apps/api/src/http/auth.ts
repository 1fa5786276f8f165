import type { NextFunction, Request, Response } from 'express';
import {
  OAUTH_TOKEN_PREFIX,
  SESSION_TOKEN_PREFIX,
  type ApiPrincipal,
  type Credential,
  type Environment,
} from '@svc/db';
import { clientAddressOf, type AuthenticationFailures } from './address-limit.js';
import type { PasswordLogin } from './password-login.js';
import { AppError } from './problem.js';
import { requestIdOf } from './request-id.js';

/**
 * `Authorization: Bearer <credential>` or `Authorization: Token <credential>` (the original service's scheme): an API
 * key (`svc_live_…`, `svc_demo_…`), a session token (`svc_session_…`) or an OAuth2 access token (`svc_oauth_…`).
 */
const AUTHORIZATION = /^(?:Bearer|Token)\s+(svc_(?:live|demo|session|oauth)_[A-Za-z0-9_-]{20,100})\s*$/i;
/** `Authorization: Basic base64(email:password)`: only where sessions start (`isPasswordLoginPath`). */
const BASIC = /^Basic\s+([A-Za-z0-9+/]{1,1400}={0,2})\s*$/i;
/** Where a user's email and password are accepted: starting and listing sessions. */
const PASSWORD_LOGIN_PATH = /^\/api\/v1\/authenticate\/?$/i;
const isPasswordLoginPath = (request: Request): boolean => PASSWORD_LOGIN_PATH.test(request.baseUrl + request.path);

export type Authenticated = ApiPrincipal;

const unauthenticated = (detail: string) =>
  new AppError({ code: 'unauthenticated', status: 401, detail, headers: { 'WWW-Authenticate': 'Bearer realm="svc"' } });

/**
 * Resolves the API key, session or OAuth2 token of a request (or, at `/api/v1/authenticate/`, the user's email and
 * password) to its principal (the credential, its user, partner and environment), or refuses with 401; an expired
 * credential is refused at its expiry, even while this process remembers it. The key is looked
 * up by its SHA-256 hash: keys carry 256 random bits, so a fast hash is as safe as a slow one and keeps every
 * request cheap. Each refusal counts against the client's address; an address past its limit of failures is refused
 * with 429 before its key is looked up, so a flood of guessed keys costs the database nothing. A key this process
 * found valid recently is still served: guessing needs unknown keys, and clients behind one shared address (an
 * office, a proxy that does not forward addresses) must not lose their valid keys to one client's failures.
 */
export function authenticate({
  principals,
  failures,
  passwords,
  now,
}: {
  principals: PrincipalLookup;
  failures: AuthenticationFailures;
  passwords: PasswordLogin;
  now: () => Date;
}) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const address = clientAddressOf(request);
    const header = request.get('authorization');
    const key = header ? AUTHORIZATION.exec(header)?.[1] : undefined;
    if (!(key && principals.isKnownValid(key))) {
      const refused = failures.refusalOf(address);
      if (refused) return next(refused);
    }
    const fail = async (detail: string) => next((await failures.record(address)) ?? unauthenticated(detail));
    try {
      if (!header) return await fail('Send your API key as `Authorization: Bearer <key>`.');
      const basic = BASIC.exec(header)?.[1];
      if (basic !== undefined) {
        if (!isPasswordLoginPath(request))
          return await fail(
            'HTTP Basic (email and password) is accepted at /api/v1/authenticate/ only: send an API key or a session token as `Authorization: Token <token>`.',
          );
        const login = await passwords.logIn({ basic, address, requestId: requestIdOf(response) });
        if (login.outcome === 'refused') return next(login.refusal);
        if (login.outcome === 'failed') return await fail('Wrong email or password.');
        response.locals.principal = login.principal;
        return next();
      }
      if (!key)
        return await fail(
          'The Authorization header must be `Bearer <key>` or `Token <key>` with an svc API key or session token.',
        );
      const principal = await principals.find(key);
      if (!principal) return await fail(`This ${credentialNameOf(key)} is not valid (unknown, revoked or ended).`);
      if (!principal.user.isActive) return await fail(`The user of this ${credentialNameOf(key)} is inactive.`);
      if (hasExpired(principal.credential, now())) return await fail(`This ${credentialNameOf(key)} has expired.`);
      response.locals.principal = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}

const credentialNameOf = (key: string): string =>
  key.startsWith(SESSION_TOKEN_PREFIX)
    ? 'session token'
    : key.startsWith(OAUTH_TOKEN_PREFIX)
      ? 'OAuth2 access token'
      : 'API key';

/** A credential remembered (`cachedPrincipalLookup`) past its expiry is refused all the same. */
const hasExpired = (credential: Credential, at: Date): boolean =>
  'expiresAt' in credential && credential.expiresAt !== null && credential.expiresAt <= at;

const isOrIsIssuedBy = (credential: Credential, id: string): boolean =>
  (credential.kind !== 'password' && credential.id === id) ||
  (credential.kind === 'oauth' && credential.clientId === id);

export type PrincipalLookup = {
  /** The principal of a key, or null for an unknown or revoked key. */
  find(key: string): Promise<ApiPrincipal | null>;
  /** Whether `find` answered an active principal for this key within the last `knownMs` (answered from memory). */
  isKnownValid(key: string): boolean;
  /**
   * Forgets what this process remembers of a credential (revoked, rotated or ended through it) or of the tokens an
   * OAuth2 client issued (the client revoked), so it is read again at once.
   */
  forget(credentialId: string): void;
};

/**
 * Remembers the principal of a key for `ttlMs` (every authenticated request would otherwise cost a query, and a
 * query's round trip is most of a read's cost). A user deactivated or moved, or a partner's API version changed,
 * reaches that user's keys within `ttlMs`. An unknown key is remembered as unknown for `ttlMs` too, apart, so that
 * a client repeating a bad key costs one query per `ttlMs` and a flood of guessed keys never pushes out known ones.
 * (Keys are random: a key cannot be asked for before it exists unless it was guessed.) Keys found valid are known
 * as such for `knownMs` (`isKnownValid`), until a look-up finds them revoked.
 */
export function cachedPrincipalLookup(
  findPrincipal: (key: string) => Promise<ApiPrincipal | null>,
  {
    ttlMs,
    knownMs = 60 * 60_000,
    now = Date.now,
    maxEntries = 10_000,
  }: { ttlMs: number; knownMs?: number; now?: () => number; maxEntries?: number },
): PrincipalLookup {
  const remembered = new Map<string, { principal: ApiPrincipal; expiresAt: number }>();
  const unknown = new Map<string, number>();
  const knownValidUntil = new Map<string, number>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= maxEntries) map.clear();
    map.set(key, value);
  };
  return {
    async find(key) {
      const hit = remembered.get(key);
      if (hit && hit.expiresAt > now()) return hit.principal;
      remembered.delete(key);
      const unknownUntil = unknown.get(key);
      if (unknownUntil !== undefined && unknownUntil > now()) return null;
      unknown.delete(key);
      const principal = await findPrincipal(key);
      if (principal?.user.isActive) remember(knownValidUntil, key, now() + knownMs);
      else knownValidUntil.delete(key);
      if (ttlMs > 0) {
        if (principal) remember(remembered, key, { principal, expiresAt: now() + ttlMs });
        else remember(unknown, key, now() + ttlMs);
      }
      return principal;
    },
    isKnownValid: (key) => (knownValidUntil.get(key) ?? 0) > now(),
    forget(credentialId) {
      for (const [key, { principal }] of remembered) {
        if (!isOrIsIssuedBy(principal.credential, credentialId)) continue;
        remembered.delete(key);
        knownValidUntil.delete(key);
      }
    },
  };
}

/**
 * Writes when each API key was last used, at most once a minute per key: this process tries once a minute per key,
 * and the statement itself skips a time written less than a minute ago by any process.
 */
export function recordKeyUse({
  recordUse,
  now,
}: {
  recordUse: (use: { keyId: string; at: Date }) => Promise<void>;
  now: () => Date;
}) {
  const triedAt = new Map<string, number>();
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    const { credential } = principalOf(response);
    const at = now();
    if (credential.kind === 'api_key' && at.getTime() - (triedAt.get(credential.id) ?? 0) >= 60_000) {
      if (triedAt.size >= 10_000) triedAt.clear();
      triedAt.set(credential.id, at.getTime());
      try {
        await recordUse({ keyId: credential.id, at });
      } catch (error) {
        return next(error);
      }
    }
    next();
  };
}

export function principalOf(response: Response): Authenticated {
  const principal = response.locals.principal as Authenticated | undefined;
  if (!principal) throw new Error('principalOf() called on a route without authentication');
  return principal;
}

export type { Environment };
