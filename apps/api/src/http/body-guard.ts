import type { NextFunction, Request, Response } from 'express';
import { AppError } from './problem.js';

/** No request body of the contract nests deeper than a few levels; this leaves ample room. */
export const MAX_BODY_DEPTH = 32;

/** Where a parsed JSON body breaks what the API can hold, or null when it is fine. */
function bodyDefect(body: unknown): { path: string; code: 'too_deep' | 'invalid_character'; message: string } | null {
  // Iterative, so a hostile body nested a million levels deep cannot exhaust the stack.
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        return { path, code: 'invalid_character', message: 'must not contain the NUL character (U+0000)' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH)
      return { path, code: 'too_deep', message: `nests deeper than ${MAX_BODY_DEPTH} levels` };
    for (const [key, item] of Object.entries(value)) {
      const itemPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (key.includes('\u0000'))
        return {
          path: itemPath,
          code: 'invalid_character',
          message: 'field names must not contain the NUL character (U+0000)',
        };
      pending.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses, with 400 `validation_failed`, a JSON body that no operation accepts and that would otherwise fail deep
 * inside the server: nesting deeper than MAX_BODY_DEPTH (recursive code such as the idempotency hash would exhaust
 * the stack) or a NUL character (PostgreSQL cannot store it in text). Runs before anything reads the body.
 */
export function bodyGuard(request: Request, _response: Response, next: NextFunction): void {
  const defect = bodyDefect(request.body);
  if (defect) return next(AppError.validation([defect]));
  next();
}

const hasBody = (request: Request): boolean =>
  Number(request.get('content-length') ?? 0) > 0 || request.get('transfer-encoding') !== undefined;

/**
 * Refuses, before anything reads it, a body no operation could take: any body of a GET or HEAD (no read takes one;
 * 400 `validation_failed`), and a body that is not JSON (415 `unsupported_media_type`).
 */
export function refuseUnreadableBodies(request: Request, _response: Response, next: NextFunction): void {
  if (!hasBody(request)) return next();
  if (request.method === 'GET' || request.method === 'HEAD')
    return next(
      AppError.validation(
        [{ path: '', code: 'unexpected_body', message: `a ${request.method} request takes no body` }],
        `A ${request.method} request takes no body: send its parameters in the query string.`,
      ),
    );
  if (!request.is(['application/json', 'application/*+json']))
    return next(
      new AppError({
        code: 'unsupported_media_type',
        status: 415,
        detail: 'Send the request body as JSON with `Content-Type: application/json`.',
      }),
    );
  next();
}
