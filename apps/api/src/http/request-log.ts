import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';
import { requestIdOf } from './request-id.js';

/** Routes outside the contract name their pattern here (`/apply/:token`), so a path carrying a secret is never logged. */
export const setLogRoute = (response: Response, pattern: string): void => {
  response.locals.logRoute = pattern;
};

/**
 * The route a request is logged under: the pattern of the route that answered (`/apply/:token`), never the path
 * itself (paths of the portal and of hosted reports carry tokens, others ids).
 */
export function routeForLog(request: Request, response: Response): string {
  const tsRestPath = (request as Request & { tsRestRoute?: { path: string } }).tsRestRoute?.path;
  const expressPath = (request.route as { path?: unknown } | undefined)?.path;
  const pattern =
    tsRestPath ??
    (response.locals.logRoute as string | undefined) ??
    (typeof expressPath === 'string' ? `${request.baseUrl}${expressPath}` : undefined);
  if (pattern) return pattern;
  // The first segment of the whole path (`request.path` is below the mount point of a middleware that answered, such
  // as a limit in front of `/apply`: its first segment would be the token).
  return response.statusCode === 404 ? '(unknown)' : `/${request.originalUrl.split(/[/?#]/)[1] ?? ''}/…`;
}

/**
 * One log line per request: method, route pattern (never the query string, which may carry ids or tokens), status
 * and duration. Bodies and headers are never logged.
 */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const route = routeForLog(request, response);
      logger.info(
        {
          request_id: requestIdOf(response),
          method: request.method,
          route,
          status: response.statusCode,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
}
