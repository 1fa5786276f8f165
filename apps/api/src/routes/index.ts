import { createExpressEndpoints, type RequestValidationError } from '@ts-rest/express';
import type { AppRouter } from '@ts-rest/core';
import { listRoutes } from '@svc/contract';
import { Router, type Express, type NextFunction, type Request, type Response } from 'express';
import { validationProblem } from '../http/validation.js';
import type { Deps } from '../deps.js';
import { deprecationHeader } from '../http/deprecation.js';
import { namingIgnoredFields } from '../http/ignored-fields.js';
import { superteamRoutes } from './superteams/index.js';
import { teamRoutes } from './teams/index.js';
import { userRoutes } from './users/index.js';
import { eventRoutes } from './events/index.js';
import { applicantChangeRoutes } from './applicant-changes/index.js';
import { checkTypeRoutes } from './check-types/index.js';
import { webhookEndpointRoutes } from './webhook-endpoints/index.js';
import { packageRoutes } from './packages/index.js';
import { propertyRoutes, propertyV2Routes } from './properties/index.js';
import { listingRoutes, listingV2Routes } from './listings/index.js';
import { hrApplicationRoutes, hrV1ApplicationRoutes } from './hr-applications/index.js';
import { adverseActionRoutes, hrV1AdverseActionRoutes } from './adverse-actions/index.js';
import { pmApplicationRoutes, pmV2ApplicationRoutes } from './pm-applications/index.js';
import { hrServiceCollectionRoutes, serviceCollectionRoutes } from './service-collections/index.js';
import { reportRoutes } from './reports/index.js';
import { apiKeyRoutes } from './api-keys/index.js';
import { sessionRoutes } from './sessions/index.js';
import { oauthClientRoutes } from './oauth-clients/index.js';
import { consumerReportingAgencyRoutes } from './consumer-reporting-agency/index.js';

/** The options every resource router is registered with. */
const options = {
  globalMiddleware: [deprecationHeader as never],
  requestValidationErrorHandler: (
    error: RequestValidationError,
    _request: Request,
    _response: Response,
    next: NextFunction,
  ) => next(validationProblem(error)),
  responseValidation: false,
};

/**
 * The static start every path of `contract` shares (up to its first parameter, without a closing slash), lower case
 * as express matches paths.
 */
function sharedPathStart(contract: AppRouter): string {
  const paths = listRoutes(contract).map(({ route }) => route.path.split(':')[0]!.toLowerCase());
  let start = paths[0] ?? '';
  for (const path of paths) while (!path.startsWith(start)) start = start.slice(0, -1);
  return start.replace(/\/$/, '');
}

/**
 * Registers one resource: its part of the contract and its implementation, on a router of its own that only a
 * request under the resource's paths enters. Express tries every route's pattern in turn until one matches; the
 * order operations came after some 80 routes of other resources.
 */
function register<T extends AppRouter>(
  app: Express,
  contract: T,
  implementation: Parameters<typeof createExpressEndpoints<T>>[1],
): void {
  const router = Router();
  createExpressEndpoints(contract, namingIgnoredFields(implementation), router as never, options as never);
  const start = sharedPathStart(contract);
  // OPTIONS passes by: a router answers it itself (200, `Allow`) when a route has the path, where the app answers 404.
  const enters = (request: Request) => request.method !== 'OPTIONS' && request.path.toLowerCase().startsWith(start);
  app.use((request: Request, response: Response, next: NextFunction) =>
    enters(request) ? router(request, response, next) : next(),
  );
}

/** Every implemented resource router, registered on the app. An operation not registered answers 404. */
export function registerRoutes(app: Express, deps: Deps): void {
  for (const { contract, implementation } of [
    superteamRoutes(deps),
    teamRoutes(deps),
    userRoutes(deps),
    packageRoutes(deps),
    propertyRoutes(deps),
    propertyV2Routes(deps),
    listingRoutes(deps),
    listingV2Routes(deps),
    hrApplicationRoutes(deps),
    hrV1ApplicationRoutes(deps),
    adverseActionRoutes(deps),
    hrV1AdverseActionRoutes(deps),
    pmApplicationRoutes(deps),
    pmV2ApplicationRoutes(deps),
    serviceCollectionRoutes(deps),
    eventRoutes(deps),
    applicantChangeRoutes(deps),
    checkTypeRoutes(deps),
    webhookEndpointRoutes(deps),
    hrServiceCollectionRoutes(deps),
    ...reportRoutes(deps),
    apiKeyRoutes(deps),
    ...sessionRoutes(deps),
    oauthClientRoutes(deps),
    consumerReportingAgencyRoutes(deps),
  ])
    register(app, contract, implementation as never);
}
