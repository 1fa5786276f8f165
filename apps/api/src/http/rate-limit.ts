import type { NextFunction, Request, Response } from 'express';
import { countRequest, type Database } from '@svc/db';
import { principalOf } from './auth.js';
import { AppError } from './problem.js';

/** Requests per minute per API key, counted in PostgreSQL so every API process shares the budget. */
export function rateLimit({ db, limitPerMinute, now }: { db: Database; limitPerMinute: number; now: () => Date }) {
  return async (_request: Request, response: Response, next: NextFunction): Promise<void> => {
    try {
      const verdict = await countRequest({ manager: db.dataSource.manager, apiKeyId: principalOf(response).apiKeyId, limit: limitPerMinute, now: now() });
      const resetSeconds = Math.max(1, Math.ceil((verdict.resetAt.getTime() - now().getTime()) / 1000));
      response.setHeader('RateLimit-Limit', String(verdict.limit));
      response.setHeader('RateLimit-Remaining', String(verdict.remaining));
      response.setHeader('RateLimit-Reset', String(resetSeconds));
      if (!verdict.allowed) {
        return next(
          new AppError({
            code: 'rate_limited',
            status: 429,
            detail: `This API key is limited to ${verdict.limit} requests per minute. Retry after ${resetSeconds} seconds.`,
            headers: { 'Retry-After': String(resetSeconds) },
          }),
        );
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
