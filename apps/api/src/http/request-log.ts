import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';
import { requestIdOf } from './request-id.js';

/**
 * One log line per request: method, route pattern (never the query string, which may carry ids or tokens), status
 * and duration. Bodies and headers are never logged.
 */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const route = (request as Request & { tsRestRoute?: { path: string } }).tsRestRoute?.path ?? (response.statusCode === 404 ? '(unknown)' : request.path.split('/').slice(0, 4).join('/'));
      logger.info(
        { request_id: requestIdOf(response), method: request.method, route, status: response.statusCode, duration_ms: Number(process.hrtime.bigint() - started) / 1e6 },
        'request',
      );
    });
    next();
  };
}
