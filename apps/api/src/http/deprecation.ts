import type { NextFunction, Request, Response } from 'express';

/** Deprecated operations say so on every response (draft-ietf-httpapi-deprecation-header). */
export function deprecationHeader(request: Request, response: Response, next: NextFunction): void {
  const route = (request as Request & { tsRestRoute?: { deprecated?: boolean } }).tsRestRoute;
  if (route?.deprecated) response.setHeader('Deprecation', 'true');
  next();
}
