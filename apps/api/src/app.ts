import { existsSync } from 'node:fs';
import { databaseReadiness, recordApiKeyUse } from '@svc/db';
import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { publicUrlOf, type Deps } from './deps.js';
import { addressLimiter, authenticationFailures, limitRequestsByAddress, sharedLimiter } from './http/address-limit.js';
import { refuseWritesOfReadOnlyCredentials } from './http/access.js';
import { authenticate, principalOf, recordKeyUse } from './http/auth.js';
import { bodyGuard, refuseUnreadableBodies } from './http/body-guard.js';
import { errorHandler, sendProblem, setProblemBaseUrl } from './http/errors.js';
import { idempotency } from './http/idempotency.js';
import { countRequests, serveMetrics } from './http/metrics.js';
import { isLoopback } from './http/loopback.js';
import { ACCOUNT_FAILURE_WINDOW_SECONDS, passwordLogin } from './http/password-login.js';
import { AppError } from './http/problem.js';
import { rateLimit } from './http/rate-limit.js';
import { answerRepeatedReads, dropOnWrite, sendCachedBodiesAsText } from './http/read-cache.js';
import { requestId } from './http/request-id.js';
import { requestLog } from './http/request-log.js';
import { noStore, strictTransportSecurity } from './http/transport-headers.js';
import { HOSTED_REPORT_PATH, mountHostedReports } from './reports/hosted-report.js';
import { devOutboxRouter } from './dev/outbox.js';
import { accountRouter, ACCOUNT_PATH } from './account/index.js';
import { oauthTokenRouter } from './oauth/token-endpoint.js';
import { portalRouter } from './portal/index.js';
import { LEGAL_PATH, legalRouter } from './legal/index.js';
import { ADVERSE_ACTION_PORTAL_PATH, adverseActionPortalRouter } from './portal/adverse-action.js';
import { openApiDocumentFor } from './openapi-document.js';
import { mountProviderCallbacks, PROVIDER_CALLBACK_PATH } from './providers/callbacks.js';
import { registerRoutes } from './routes/index.js';
import { serviceLinks, serviceLinksPage } from './service-links.js';

/** Where the authenticated API answers; everything else (health, docs, portal, hosted links) needs no key. */
const API_PREFIXES = ['/api', '/hr'];

/**
 * What answers without an API key: the portal (the link's token is the credential), the account pages (setting a
 * password with a link, asking for a link), hosted report links, the outbox, provider callbacks (signed).
 */
const KEYLESS_PATHS = [
  '/apply',
  ADVERSE_ACTION_PORTAL_PATH,
  LEGAL_PATH,
  ACCOUNT_PATH,
  HOSTED_REPORT_PATH,
  '/dev/outbox',
  PROVIDER_CALLBACK_PATH,
];
/** The OAuth2 token endpoint: the client authenticates itself (RFC 6749 section 2.3). */
const OAUTH_TOKEN_PATH = '/oauth/token';
/** Paths whose answers are never stored by a cache: see `noStore`. */
const NO_STORE_PATHS = [...API_PREFIXES, ...KEYLESS_PATHS, OAUTH_TOKEN_PATH];

export function createApp(deps: Deps): Express {
  const app = express();
  app.disable('x-powered-by');
  // `trust proxy` 'loopback' (a proxy on this machine may say which protocol and address the client used), as a
  // plain test: express's compiled 'loopback' parses the peer's address on every request that asks for its protocol.
  app.set('trust proxy', isLoopback);
  app.set('query parser', 'simple');
  setProblemBaseUrl(app, (request) => publicUrlOf(deps, request));
  sendCachedBodiesAsText(app);
  app.use(requestId);
  app.use(requestLog(deps.logger));
  app.use(countRequests(deps.metrics));
  app.use(helmet({ strictTransportSecurity: false }), strictTransportSecurity(deps.config.SVC_HSTS_MAX_AGE));
  app.use(NO_STORE_PATHS, noStore);

  const docsServed = Boolean(deps.docsSite && existsSync(deps.docsSite));
  app.get('/', noStore, (request, response) => {
    const links = serviceLinks(publicUrlOf(deps, request), docsServed);
    response.format({
      'application/json': () => response.json(links),
      'text/html': () => response.type('html').send(serviceLinksPage(links)),
      default: () => response.json(links),
    });
  });
  // No icon: an empty answer rather than a 404 in the browser's console and the request log.
  app.get('/favicon.ico', (_request, response) => {
    response.set('cache-control', 'public, max-age=86400').status(204).end();
  });
  // Liveness: the process answers. Readiness: it can serve (the database answers, every migration is applied).
  app.get('/health', noStore, (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.get('/ready', noStore, async (_request, response) => {
    const readiness = await databaseReadiness(deps.db);
    response
      .status(readiness.ready ? 200 : 503)
      .json(readiness.ready ? { status: 'ready' } : { status: 'not_ready', reason: readiness.reason });
  });
  app.get('/metrics', noStore, serveMetrics({ metrics: deps.metrics, token: deps.config.SVC_METRICS_TOKEN }));
  app.get('/openapi.json', (request, response) => {
    response.json(openApiDocumentFor(publicUrlOf(deps, request)));
  });
  // The documentation site, when it has been built (`pnpm --filter @svc/docs build`; `npm start` builds it).
  if (docsServed && deps.docsSite)
    app.use('/docs', express.static(deps.docsSite, { index: 'index.html', maxAge: '5m' }));
  // What answers without an API key is limited per client address, before anything reads the request.
  app.use(
    KEYLESS_PATHS,
    limitRequestsByAddress(
      addressLimiter({ db: deps.db, name: 'address', pointsPerMinute: deps.config.SVC_ADDRESS_LIMIT_PER_MINUTE }),
    ),
  );
  // The applicant portal behind each onboarding link (no API key: the link's token is the credential).
  app.use(portalRouter(deps));
  // The FCRA summary of rights the portal and notices offer (no API key: a public document).
  app.use(legalRouter(deps));
  // The applicant's pages of an adverse action (the pre-adverse notice's link carries the token).
  app.use(adverseActionPortalRouter(deps));
  // Setting a password with a one-time link, and asking for one (no API key: the link's token is the credential).
  app.use(accountRouter(deps));
  // Messages kept in the outbox (no SMTP configured), for development only: mounted with SVC_DEV_OUTBOX=1 alone.
  if (deps.config.SVC_WEBHOOK_ALLOW_PRIVATE) {
    deps.logger.warn(
      'WEBHOOKS TO PRIVATE ADDRESSES ON (SVC_WEBHOOK_ALLOW_PRIVATE=1): webhook endpoints may use http:// and point to private, loopback and link-local addresses; development only, never in production',
    );
  }
  if (deps.config.SVC_DEV_OUTBOX) {
    deps.logger.warn(
      { route: '/dev/outbox', shared_database: Boolean(deps.config.DATABASE_URL) },
      'DEVELOPMENT OUTBOX ON (SVC_DEV_OUTBOX=1): /dev/outbox shows every invitation and its onboarding link without a key, to clients on this machine; never turn it on where real applicants are',
    );
    app.use('/dev/outbox', devOutboxRouter(deps));
  }

  mountHostedReports(app, deps);
  mountProviderCallbacks(app, deps);

  const failures = authenticationFailures(
    addressLimiter({ db: deps.db, name: 'auth-failures', pointsPerMinute: deps.config.SVC_AUTH_FAILURES_PER_MINUTE }),
  );
  const passwords = passwordLogin({
    db: deps.db,
    accountFailures: sharedLimiter({
      db: deps.db,
      name: 'login-failures',
      points: deps.config.SVC_LOGIN_FAILURES_PER_ACCOUNT,
      windowSeconds: ACCOUNT_FAILURE_WINDOW_SECONDS,
    }),
  });
  app.use(
    oauthTokenRouter({
      db: deps.db,
      now: deps.now,
      failures,
      accessTokenSeconds: deps.config.SVC_OAUTH_TOKEN_SECONDS,
    }),
  );
  app.use(API_PREFIXES, authenticate({ principals: deps.principals, failures, passwords, now: deps.now }));
  app.use(API_PREFIXES, refuseWritesOfReadOnlyCredentials);
  app.use(API_PREFIXES, recordKeyUse({ recordUse: (use) => recordApiKeyUse(deps.db, use), now: deps.now }));
  app.use(
    API_PREFIXES,
    rateLimit({ db: deps.db, limitPerMinute: deps.config.SVC_RATE_LIMIT_PER_MINUTE, now: deps.now }),
  );
  app.use(
    API_PREFIXES,
    answerRepeatedReads(deps.readCache, (request) => publicUrlOf(deps, request)),
  );
  app.use(
    API_PREFIXES,
    refuseUnreadableBodies,
    express.json({
      limit: deps.config.SVC_BODY_LIMIT,
      strict: false,
      type: ['application/json', 'application/*+json'],
    }),
    bodyGuard,
  );
  app.use(
    API_PREFIXES,
    dropOnWrite(deps.readCache, (response) => principalOf(response).partner.id),
  );
  app.use(
    API_PREFIXES,
    idempotency({ db: deps.db, now: deps.now, leaseMs: deps.config.SVC_IDEMPOTENCY_LEASE_SECONDS * 1000 }),
  );

  registerRoutes(app, deps);

  app.use((request: Request, response: Response) => {
    sendProblem(
      response,
      new AppError({
        code: 'not_found',
        status: 404,
        detail: `No operation at ${request.method} ${request.path}. See /openapi.json for every operation.`,
      }),
    );
  });
  app.use(errorHandler(deps.logger));
  return app;
}
