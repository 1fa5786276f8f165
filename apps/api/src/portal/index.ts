import { isDatabaseUnavailable } from '@svc/db';
import { findPortalApplicant } from '@svc/services';
import { DOCUMENT_MAX_BYTES, PORTAL_DOCUMENT_KINDS } from '@svc/domain';
import multer from 'multer';
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import type { Deps } from '../deps.js';
import { requestIdOf } from '../http/request-id.js';
import { setLogRoute } from '../http/request-log.js';
import { chosenLanguageOf, requestLanguageOf } from './context.js';
import { postPortalForm } from './post-form.js';
import { sendRefusal } from './responses.js';
import { showPortalForm } from './show-form.js';

/**
 * The portal's pages load nothing but their own inline styles: no script at all, no image, no font, no frame. The
 * link carries a secret: never cached (`noStore`, app.ts), never indexed, and never sent to another site as a referrer (`same-origin`
 * rather than `no-referrer`, with which browsers post the form with `Origin: null` and the same-origin check fails).
 */
const PORTAL_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function portalHeaders(_request: Request, response: Response, next: NextFunction): void {
  setLogRoute(response, '/apply/:token');
  response.setHeader('Content-Security-Policy', PORTAL_CONTENT_SECURITY_POLICY);
  response.setHeader('Referrer-Policy', 'same-origin');
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
}

/** A request the parsers refuse, the database down or anything unexpected: a plain page, never a stack trace. */
function portalErrorHandler(deps: Deps): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const language = requestLanguageOf(request, chosenLanguageOf(request.query.lang));
    // The body parser's refusals (too large, too many fields, bad charset) and a path that does not decode carry a 4xx status.
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return sendRefusal(response, { refusal: 'bad_request', language, status });
    if (isDatabaseUnavailable(error)) {
      response.setHeader('Retry-After', '5');
      return sendRefusal(response, { refusal: 'unavailable', language });
    }
    deps.logger.error(
      { request_id: requestIdOf(response), method: request.method, route: '/apply/:token', err: error },
      'unexpected error in the applicant portal',
    );
    sendRefusal(response, { refusal: 'unavailable', language, status: 500 });
  };
}

/**
 * The form's uploads (multipart, when the checks need documents), kept in memory until checked and sealed, never
 * written to disk. A file over DOCUMENT_MAX_BYTES, more files than there are documents, or too many fields: 413 or
 * 400, before anything is read on.
 */
function portalUploads(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: PORTAL_DOCUMENT_KINDS.length,
      fields: 2_000,
      fieldSize: 200 * 1024,
      parts: 2_000 + PORTAL_DOCUMENT_KINDS.length,
    },
  }).any();
  // Anything the parser throws is about the body it was sent (no or a truncated boundary, a part cut short): a 400.
  return (request, response, next) =>
    upload(request, response, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      next(Object.assign(error as object, { status: tooLarge ? 413 : 400 }));
    });
}

/** A post to a link that opens no form is refused before its body is read: nobody parses a stranger's upload. */
function refuseClosedLinks(deps: Deps): RequestHandler {
  return async (request, response, next) => {
    const token = String(request.params['token']);
    const lookup = await findPortalApplicant({ db: deps.db, token, now: deps.now() });
    if (!lookup.open)
      return sendRefusal(response, { refusal: lookup.reason, language: requestLanguageOf(request, null) });
    next();
  };
}

/** The applicant portal behind each onboarding link: server-rendered HTML, no JavaScript needed. */
export function portalRouter(deps: Deps): Router {
  const router = express.Router();
  router.use('/apply', portalHeaders);
  router.get('/apply/:token', showPortalForm(deps));
  router.post(
    '/apply/:token',
    refuseClosedLinks(deps),
    express.urlencoded({ extended: false, limit: '200kb', parameterLimit: 2_000 }),
    portalUploads(),
    postPortalForm(deps),
  );
  router.all('/apply/:token', (request, response) => {
    response.setHeader('Allow', 'GET, POST');
    sendRefusal(response, { refusal: 'bad_request', language: requestLanguageOf(request, null), status: 405 });
  });
  router.all(['/apply', '/apply/'], (request, response) =>
    sendRefusal(response, { refusal: 'not_found', language: requestLanguageOf(request, null) }),
  );
  router.use('/apply', portalErrorHandler(deps));
  return router;
}
