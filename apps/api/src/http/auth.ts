import type { NextFunction, Request, Response } from 'express';
import type { ApiPrincipal, Environment } from '@svc/db';
import { AppError } from './problem.js';

/** `Authorization: Bearer <key>` or `Authorization: Token <key>` (the original service's scheme). */
const AUTHORIZATION = /^(?:Bearer|Token)\s+(svc_(live|demo)_[A-Za-z0-9_-]{20,100})\s*$/i;

export type Authenticated = ApiPrincipal;

const unauthenticated = (detail: string) => new AppError({ code: 'unauthenticated', status: 401, detail, headers: { 'WWW-Authenticate': 'Bearer realm="svc"' } });

/**
 * Resolves the API key of a request to its user, partner and environment, or refuses with 401. The key is looked
 * up by its SHA-256 hash: keys carry 256 random bits, so a fast hash is as safe as a slow one and keeps every
 * request cheap.
 */
export function authenticate(findPrincipal: (key: string) => Promise<ApiPrincipal | null>) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const header = request.get('authorization');
    if (!header) return next(unauthenticated('Send your API key as `Authorization: Bearer <key>`.'));
    const match = AUTHORIZATION.exec(header);
    if (!match?.[1]) return next(unauthenticated('The Authorization header must be `Bearer <key>` or `Token <key>` with an svc API key.'));
    try {
      const principal = await findPrincipal(match[1]);
      if (!principal) return next(unauthenticated('This API key is not valid (unknown or revoked).'));
      if (!principal.user.isActive) return next(unauthenticated('The user of this API key is inactive.'));
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
 * reaches that user's keys within `ttlMs`. Unknown keys are never remembered.
 */
export function cachedPrincipalLookup(
  findPrincipal: (key: string) => Promise<ApiPrincipal | null>,
  { ttlMs, now = Date.now, maxEntries = 10_000 }: { ttlMs: number; now?: () => number; maxEntries?: number },
): (key: string) => Promise<ApiPrincipal | null> {
  const remembered = new Map<string, { principal: ApiPrincipal; expiresAt: number }>();
  return async (key) => {
    const hit = remembered.get(key);
    if (hit && hit.expiresAt > now()) return hit.principal;
    remembered.delete(key);
    const principal = await findPrincipal(key);
    if (principal && ttlMs > 0) {
      if (remembered.size >= maxEntries) remembered.clear();
      remembered.set(key, { principal, expiresAt: now() + ttlMs });
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
