import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every response carries `X-Request-Id`: the caller's when it sends a sane one, otherwise a new one. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  const given = request.get('x-request-id');
  const id = given && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
  response.locals.requestId = id;
  response.setHeader('X-Request-Id', id);
  next();
}

export const requestIdOf = (response: Response): string =>
  (response.locals.requestId as string | undefined) ?? 'unknown';
