import { contract, listRoutes, orderQuerySchema } from '@svc/contract';
import type { NextFunction, Request, Response } from 'express';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse, type Database } from '@svc/db';
import { principalOf } from './auth.js';
import { AppError } from './problem.js';
import { processSignatures } from '@svc/db/crypto';

const REPLAYED_HEADERS = ['content-type', 'location', 'deprecation'];

/** JSON with sorted keys, so the same body always hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What tells one request from another under a key: an HMAC (with a key derived from the encryption key) of the method,
 * the path below the mount point and the body with sorted keys. Stored in clear, a plain hash of a body holding a
 * 9-digit SSN would give the SSN back to whoever tries the billion candidates. Under the current key first, then
 * (during a key rotation) under the previous one, so that a retry of a request made before the new key still matches.
 */
export const idempotencyRequestHashes = ({
  method,
  path,
  body,
}: {
  method: string;
  path: string;
  body: unknown;
}): string[] =>
  processSignatures({
    purpose: 'idempotency request',
    data: `${method} ${path.replace(/\/$/, '')}\n${canonicalJson(body ?? null)}`,
  });

/** The request hash stored with a new key: under the current encryption key. */
export const idempotencyRequestHash = (request: { method: string; path: string; body: unknown }): string =>
  idempotencyRequestHashes(request)[0]!;

/** The paths (lower case, without their closing slash) of the orders that take `?dry_run=true`. */
const DRY_RUN_PATHS = new Set(
  listRoutes(contract)
    .filter(({ route }) => route.method === 'POST' && route.query === orderQuerySchema)
    .map(({ route }) => route.path.toLowerCase().replace(/\/$/, '')),
);

/** An order's dry run: it places nothing, so it neither uses nor stores its `Idempotency-Key`. */
function isDryRun(request: Request): boolean {
  if (request.query['dry_run'] !== 'true') return false;
  const path = new URL(request.originalUrl, 'http://request.invalid').pathname;
  return DRY_RUN_PATHS.has(path.toLowerCase().replace(/\/$/, ''));
}

/**
 * `Idempotency-Key` on POST and PUT: the first response to a key is stored (before it is sent) and replayed for 24
 * hours to the same request; the same key with another request is 409 `idempotency_key_reused`. A response of 5xx
 * frees the key, so the client's retry runs again. A request holds the key for `leaseMs`; if its process dies before
 * it answers, a retry after the lease takes the key over (orders also find what the dead attempt committed).
 */
export function idempotency({ db, now, leaseMs }: { db: Database; now: () => Date; leaseMs: number }) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const key = request.get('idempotency-key');
    if (!key || (request.method !== 'POST' && request.method !== 'PUT')) return next();
    if (key.length > 255)
      return next(
        AppError.validation([
          { path: 'Idempotency-Key', code: 'invalid_value', message: 'must be at most 255 characters' },
        ]),
      );
    if (isDryRun(request)) return next();
    const manager = db;
    const apiKeyId = principalOf(response).quotaId;
    const [requestHash, ...previousRequestHashes] = idempotencyRequestHashes({
      method: request.method,
      path: request.path,
      body: request.body,
    });
    try {
      const claim = await claimIdempotencyKey({
        manager,
        apiKeyId,
        key,
        requestHash: requestHash!,
        previousRequestHashes,
        now: now(),
        leaseMs,
      });
      switch (claim.outcome) {
        case 'replay':
          for (const [name, value] of Object.entries(claim.response.headers)) response.setHeader(name, value);
          response.setHeader('Idempotent-Replayed', 'true');
          response.status(claim.response.status).send(claim.response.body);
          return;
        case 'mismatch':
          return next(
            new AppError({
              code: 'idempotency_key_reused',
              status: 409,
              detail: 'This Idempotency-Key was used for a different request. Use a new key for a new request.',
            }),
          );
        case 'in_flight':
          return next(
            new AppError({
              code: 'conflict',
              status: 409,
              detail: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
              headers: { 'Retry-After': String(claim.retryAfterSeconds) },
            }),
          );
        case 'proceed':
          break;
      }
    } catch (error) {
      return next(error);
    }

    const send = response.send.bind(response);
    response.send = ((body: unknown) => {
      const status = response.statusCode;
      const text =
        typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
      const headers = Object.fromEntries(
        REPLAYED_HEADERS.flatMap((name) =>
          response.getHeader(name) ? [[name, String(response.getHeader(name))]] : [],
        ),
      );
      const settle =
        status >= 500
          ? releaseIdempotencyKey({ manager, apiKeyId, key })
          : storeIdempotentResponse({ manager, apiKeyId, key, response: { status, body: text, headers } });
      settle
        .catch(() => releaseIdempotencyKey({ manager, apiKeyId, key }).catch(() => undefined))
        .finally(() => send(body));
      return response;
    }) as Response['send'];
    next();
  };
}
