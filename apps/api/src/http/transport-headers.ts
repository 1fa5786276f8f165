import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Answers with personal data, keys' data or a credential in their path (every authenticated answer, refusals and
 * 304s included; the portal; reports and their hosted links) are never stored by a browser or an intermediary.
 * `Pragma` for HTTP/1.0 caches. Set before anything answers, so that every answer under these paths has it.
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Pragma', 'no-cache');
  next();
}

/**
 * `Strict-Transport-Security` (helmet's) on answers to requests that came over HTTPS only: `request.secure`, which
 * believes `X-Forwarded-Proto` only from a proxy on this machine (`trust proxy`). Over plain HTTP the header means
 * nothing (RFC 6797 §8.1), and a development server on http://localhost must not pin a browser to HTTPS. A proxy on
 * another machine that terminates TLS adds the header itself. `maxAgeSeconds` 0: never sent.
 */
export function strictTransportSecurity(maxAgeSeconds: number): RequestHandler {
  const hsts = helmet.strictTransportSecurity({ maxAge: maxAgeSeconds, includeSubDomains: true });
  return (request, response, next) => (maxAgeSeconds > 0 && request.secure ? hsts(request, response, next) : next());
}
