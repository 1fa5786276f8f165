import type { NextFunction, Request, Response } from 'express';
import type { ApiPrincipal, Environment } from '@svc/db';
import { clientAddressOf, type AuthenticationFailures } from './address-limit.js';
import { AppError } from './problem.js';

/** `Authorization: Bearer <key>` or `Authorization: Token <key>` (the original service's scheme). */
const AUTHORIZATION = /^(?:Bearer|Token)\s+(svc_(live|demo)_[A-Za-z0-9_-]{20,100})\s*$/i;

export type Authenticated = ApiPrincipal;

const unauthenticated = (detail: string) => new AppError({ code: 'unauthenticated', status: 401, detail, headers: { 'WWW-Authenticate': 'Bearer realm="svc"' } });

/**
 * Resolves the API key of a request to its user, partner and environment, or refuses with 401. The key is looked
 * up by its SHA-256 hash: keys carry 256 random bits, so a fast hash is as safe as a slow one and keeps every
 * request cheap. Each refusal counts against the client's address; an address past its limit of failures is refused
 * with 429 before its key is looked up, so a flood of guessed keys costs the database nothing.
 */
export function authenticate({ findPrincipal, failures }: { findPrincipal: (key: string) => Promise<ApiPrincipal | null>; failures: AuthenticationFailures }) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const address = clientAddressOf(request);
    const refused = failures.refusalOf(address);
    if (refused) return next(refused);
    const fail = async (detail: string) => next((await failures.record(address)) ?? unauthenticated(detail));
    try {
      const header = request.get('authorization');
      if (!header) return await fail('Send your API key as `Authorization: Bearer <key>`.');
      const match = AUTHORIZATION.exec(header);
      if (!match?.[1]) return await fail('The Authorization header must be `Bearer <key>` or `Token <key>` with an svc API key.');
      const principal = await findPrincipal(match[1]);
      if (!principal) return await fail('This API key is not valid (unknown or revoked).');
      if (!principal.user.isActive) return await fail('The user of this API key is inactive.');
      response.locals.principal = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Remembers the principal of a key for `ttlMs` (every authenticated request would otherwise cost a query, and a
 * query's round trip is most of a read's cost). A user deactivated or moved, or a partner's API version changed,
 * reaches that user's keys within `ttlMs`. An unknown key is remembered as unknown for `ttlMs` too, apart, so that
 * a client repeating a bad key costs one query per `ttlMs` and a flood of guessed keys never pushes out known ones.
 * (Keys are random: a key cannot be asked for before it exists unless it was guessed.)
 */
export function cachedPrincipalLookup(
  findPrincipal: (key: string) => Promise<ApiPrincipal | null>,
  { ttlMs, now = Date.now, maxEntries = 10_000 }: { ttlMs: number; now?: () => number; maxEntries?: number },
): (key: string) => Promise<ApiPrincipal | null> {
  const remembered = new Map<string, { principal: ApiPrincipal; expiresAt: number }>();
  const unknown = new Map<string, number>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= maxEntries) map.clear();
    map.set(key, value);
  };
  return async (key) => {
    const hit = remembered.get(key);
    if (hit && hit.expiresAt > now()) return hit.principal;
    remembered.delete(key);
    const unknownUntil = unknown.get(key);
    if (unknownUntil !== undefined && unknownUntil > now()) return null;
    unknown.delete(key);
    const principal = await findPrincipal(key);
    if (ttlMs > 0) {
      if (principal) remember(remembered, key, { principal, expiresAt: now() + ttlMs });
      else remember(unknown, key, now() + ttlMs);
    }
    return principal;
  };
}

export function principalOf(response: Response): Authenticated {
  const principal = response.locals.principal as Authenticated | undefined;
  if (!principal) throw new Error('principalOf() called on a route without authentication');
  return principal;
}

export type { Environment };
