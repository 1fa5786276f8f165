import { findPasswordLinkUser, hashSecret, isDatabaseUnavailable } from '@svc/db';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblemOf } from '@svc/domain';
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type Response,
  type Router,
} from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type Deps } from '../deps.js';
import { sharedLimiter } from '../http/address-limit.js';
import { requestIdOf } from '../http/request-id.js';
import { isSameOrigin } from '../portal/post-form.js';
import { sendHtml } from '../portal/responses.js';
import { requestPasswordLinks, setPasswordWithLink } from '@svc/services';
import { ACCOUNT_PATH, setPasswordLinkOf } from './password-link.js';
import {
  deadLinkPage,
  forgotPasswordPage,
  linkRequestedPage,
  passwordSetPage,
  refusedPage,
  setPasswordPage,
} from './pages.js';
import { hasProcessSignature, signWithProcessKey } from '@svc/db/crypto';

export { ACCOUNT_PATH } from './password-link.js';

/** The same headers as the applicant portal's: nothing loaded from elsewhere, no referrer, never indexed. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const FORM_TOKEN_HOURS = 2;
/** Links a "forgot password" request may send one user in an hour: more would let anyone fill their inbox. */
const LINK_REQUESTS_PER_HOUR = 3;

/**
 * A form's token against cross-site request forgery (with the same-origin check): when the page was served and an
 * HMAC binding that time to what the page is for (`subject`), keyed from the encryption key. No state is stored.
 */
function issueFormToken({ subject, now }: { subject: string; now: Date }): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued}.${signWithProcessKey({ purpose: 'account-form', data: `${subject}.${issued}` })}`;
}

function isFormTokenValid({ subject, formToken, now }: { subject: string; formToken: unknown; now: Date }): boolean {
  if (typeof formToken !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(formToken);
  if (!match) return false;
  const age = now.getTime() / 1000 - Number(match[1]);
  if (age < -60 || age > FORM_TOKEN_HOURS * 3600) return false;
  return hasProcessSignature({ purpose: 'account-form', data: `${subject}.${match[1]}`, signature: match[2]! });
}

const linkSubject = (token: string) => `set-password:${hashSecret(token)}`;
const FORGOT_SUBJECT = 'forgot-password';
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const field = (request: Request, name: string): string => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** Where an account page's request came from, for the audit log. */
const requestOrigin = (request: Request, response: Response) => ({
  ipAddress: request.ip ?? null,
  requestId: requestIdOf(response),
});

function accountHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.setHeader('Referrer-Policy', 'same-origin');
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
}

const staleForm = (response: Response) =>
  sendHtml(
    response,
    403,
    refusedPage(
      'Please try again',
      'This form was not posted from its own page, or it was open too long. Reload the page and send it again.',
    ),
  );

function accountErrorHandler(deps: Deps): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return sendHtml(response, status, refusedPage('Bad request', 'This request could not be read.'));
    if (isDatabaseUnavailable(error)) response.setHeader('Retry-After', '5');
    else
      deps.logger.error(
        { request_id: requestIdOf(response), method: request.method, route: ACCOUNT_PATH, err: error },
        'unexpected error on an account page',
      );
    sendHtml(response, 503, refusedPage('Try again in a moment', 'svc cannot answer right now.'));
  };
}

/**
 * The account pages, server-rendered like the applicant portal (no script): set a password with a one-time link
 * (`/account/set-password/<token>`), and ask for such a link (`/account/forgot-password`), which answers the same
 * whether or not an account uses the email.
 */
export function accountRouter(deps: Deps): Router {
  const router = express.Router();
  const linkRequests = sharedLimiter({
    db: deps.db,
    name: 'password-link-requests',
    points: LINK_REQUESTS_PER_HOUR,
    windowSeconds: 3600,
  });
  const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 });
  router.use(ACCOUNT_PATH, accountHeaders);

  router.get(`${ACCOUNT_PATH}/set-password/:token`, async (request, response) => {
    const token = String(request.params.token);
    const user = LINK_TOKEN.test(token) ? await findPasswordLinkUser(deps.db, { token, now: deps.now() }) : null;
    if (!user) return sendHtml(response, 410, deadLinkPage());
    sendHtml(
      response,
      200,
      setPasswordPage({
        email: user.email,
        formToken: issueFormToken({ subject: linkSubject(token), now: deps.now() }),
      }),
    );
  });

  router.post(`${ACCOUNT_PATH}/set-password/:token`, form, async (request, response) => {
    const token = String(request.params.token);
    const now = deps.now();
    const user = LINK_TOKEN.test(token) ? await findPasswordLinkUser(deps.db, { token, now }) : null;
    if (!user) return sendHtml(response, 410, deadLinkPage());
    if (
      !isSameOrigin(request, deps) ||
      !isFormTokenValid({ subject: linkSubject(token), formToken: field(request, 'form_token'), now })
    )
      return staleForm(response);
    const password = field(request, 'password');
    const problem = passwordProblemOf(password);
    const errors = [
      ...(problem ? [`The password ${PASSWORD_PROBLEM_MESSAGES[problem]}.`] : []),
      ...(password !== field(request, 'confirmation') ? ['The two passwords differ.'] : []),
    ];
    if (errors.length > 0)
      return sendHtml(
        response,
        422,
        setPasswordPage({ email: user.email, formToken: issueFormToken({ subject: linkSubject(token), now }), errors }),
      );
    const used = await setPasswordWithLink(deps.db, {
      token,
      password,
      from: requestOrigin(request, response),
      now,
    });
    if (!used) return sendHtml(response, 410, deadLinkPage());
    sendHtml(response, 200, passwordSetPage());
  });

  router.get(`${ACCOUNT_PATH}/forgot-password`, (_request, response) => {
    sendHtml(
      response,
      200,
      forgotPasswordPage({ formToken: issueFormToken({ subject: FORGOT_SUBJECT, now: deps.now() }) }),
    );
  });

  router.post(`${ACCOUNT_PATH}/forgot-password`, form, async (request, response) => {
    const now = deps.now();
    if (
      !isSameOrigin(request, deps) ||
      !isFormTokenValid({ subject: FORGOT_SUBJECT, formToken: field(request, 'form_token'), now })
    )
      return staleForm(response);
    const email = field(request, 'email').trim();
    if (email.length > 0 && email.length <= 254)
      await requestPasswordLinks(deps.db, {
        jobs: deps.jobs,
        email,
        linkOf: setPasswordLinkOf(deps, request),
        withinLimit: withinRequestLimit,
        from: requestOrigin(request, response),
        now,
      });
    sendHtml(response, 200, linkRequestedPage());
  });

  async function withinRequestLimit(userId: string): Promise<boolean> {
    try {
      await linkRequests.consume(userId);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }

  router.use(ACCOUNT_PATH, accountErrorHandler(deps));
  return router;
}
