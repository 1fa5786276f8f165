import { existsSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument } from '@svc/contract';
import { findPrincipalByApiKey } from '@svc/db';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { publicUrlOf, type Deps } from './deps.js';
import { addressLimiter, authenticationFailures, limitRequestsByAddress } from './http/address-limit.js';
import { authenticate, cachedPrincipalLookup, principalOf } from './http/auth.js';
import { bodyGuard } from './http/body-guard.js';
import { errorHandler, sendProblem } from './http/errors.js';
import { idempotency } from './http/idempotency.js';
import { AppError } from './http/problem.js';
import { rateLimit } from './http/rate-limit.js';
import { answerRepeatedReads, dropOnWrite, sendCachedBodiesAsText } from './http/read-cache.js';
import { requestId } from './http/request-id.js';
import { requestLog } from './http/request-log.js';
import { mountHostedReports } from './reports/hosted-report.js';
import { devOutboxRouter } from './dev/outbox.js';
import { portalRouter } from './portal/index.js';
import { registerRoutes } from './routes/index.js';

/** Where the authenticated API answers; everything else (health, docs, portal, hosted links) needs no key. */
const API_PREFIXES = ['/api', '/hr'];

/** How long a process trusts what it read of an API key (its user, team and partner): see DECISIONS.md. */
const PRINCIPAL_CACHE_MS = 5_000;

/**
 * `trust proxy` 'loopback' (a proxy on this machine may say which protocol and address the client used), as a plain
 * test: express's compiled 'loopback' parses the peer's address on every request that asks for its protocol.
 */
const isLoopbackIpv4 = (address: string): boolean => isIPv4(address) && address.startsWith('127.');
const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || isLoopbackIpv4(address) || (address.startsWith('::ffff:') && isLoopbackIpv4(address.slice(7))));

/** A body must be JSON: anything else is refused before it reaches an operation. */
function requireJsonBody(request: Request, _response: Response, next: NextFunction): void {
  const hasBody = Number(request.get('content-length') ?? 0) > 0 || request.get('transfer-encoding') !== undefined;
  if (hasBody && !request.is(['application/json', 'application/*+json'])) {
    return next(new AppError({ code: 'unsupported_media_type', status: 415, detail: 'Send the request body as JSON with `Content-Type: application/json`.' }));
  }
  next();
}

export function createApp(deps: Deps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', isLoopback);
  app.set('query parser', 'simple');
  sendCachedBodiesAsText(app);
  app.use(requestId);
  app.use(requestLog(deps.logger));
  app.use(helmet());

  const openApi = generateOpenApiDocument();
  app.get('/health', (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_request, response) => {
    response.json(openApi);
  });
  // The documentation site, when it has been built (`pnpm --filter @svc/docs build`; `npm start` builds it).
  const docsSite = fileURLToPath(new URL('../../docs/dist/site', import.meta.url));
  if (existsSync(docsSite)) app.use('/docs', express.static(docsSite, { index: 'index.html', maxAge: '5m' }));
  // What answers without an API key is limited per client address, before anything reads the request.
  app.use(['/apply', '/reports/hosted', '/dev/outbox'], limitRequestsByAddress(addressLimiter({ db: deps.db, name: 'address', pointsPerMinute: deps.config.SVC_ADDRESS_LIMIT_PER_MINUTE })));
  // The applicant portal behind each onboarding link (no API key: the link's token is the credential).
  app.use(portalRouter(deps));
  // Messages kept in the outbox (no SMTP configured), for development only: never mounted in production.
  if (deps.config.NODE_ENV !== 'production') {
    // It shows every applicant's link without a key: a deployment on PostgreSQL most likely wants it off.
    if (deps.config.DATABASE_URL) deps.logger.warn({ route: '/dev/outbox' }, 'development outbox served without authentication: set NODE_ENV=production in production');
    app.use('/dev/outbox', devOutboxRouter(deps));
  }

  mountHostedReports(app, deps);

  const findPrincipal = cachedPrincipalLookup((key) => findPrincipalByApiKey(deps.db.dataSource.manager, key), { ttlMs: PRINCIPAL_CACHE_MS });
  const failures = authenticationFailures(addressLimiter({ db: deps.db, name: 'auth-failures', pointsPerMinute: deps.config.SVC_AUTH_FAILURES_PER_MINUTE }));
  app.use(API_PREFIXES, authenticate({ findPrincipal, failures }));
  app.use(API_PREFIXES, rateLimit({ db: deps.db, limitPerMinute: deps.config.SVC_RATE_LIMIT_PER_MINUTE, now: deps.now }));
  app.use(API_PREFIXES, answerRepeatedReads(deps.readCache, (request) => publicUrlOf(deps, request)));
  app.use(API_PREFIXES, requireJsonBody, express.json({ limit: deps.config.SVC_BODY_LIMIT, strict: false, type: ['application/json', 'application/*+json'] }), bodyGuard);
  app.use(API_PREFIXES, dropOnWrite(deps.readCache, (response) => principalOf(response).partner.id));
  app.use(API_PREFIXES, idempotency({ db: deps.db, now: deps.now, leaseMs: deps.config.SVC_IDEMPOTENCY_LEASE_SECONDS * 1000 }));

  registerRoutes(app, deps);

  app.use((request: Request, response: Response) => {
    sendProblem(response, new AppError({ code: 'not_found', status: 404, detail: `No operation at ${request.method} ${request.path}. See /openapi.json for every operation.` }));
  });
  app.use(errorHandler(deps.logger));
  return app;
}
