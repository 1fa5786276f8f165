import { createExpressEndpoints, type RequestValidationError } from '@ts-rest/express';
import type { AppRouter } from '@ts-rest/core';
import type { Express, NextFunction, Request, Response } from 'express';
import { validationProblem } from '../http/validation.js';
import type { Deps } from '../deps.js';
import { deprecationHeader } from '../http/deprecation.js';
import { superteamRoutes } from './superteams/index.js';
import { teamRoutes } from './teams/index.js';
import { userRoutes } from './users/index.js';
import { packageRoutes } from './packages/index.js';
import { propertyRoutes } from './properties/index.js';
import { listingRoutes } from './listings/index.js';
import { hrApplicationRoutes, hrV1ApplicationRoutes } from './hr-applications/index.js';
import { pmApplicationRoutes } from './pm-applications/index.js';
import { serviceCollectionRoutes } from './service-collections/index.js';
import { reportRoutes } from './reports/index.js';

/** The options every resource router is registered with. */
const options = {
  globalMiddleware: [deprecationHeader as never],
  requestValidationErrorHandler: (error: RequestValidationError, _request: Request, _response: Response, next: NextFunction) => next(validationProblem(error)),
  responseValidation: false,
};

/** Registers one resource: its part of the contract and its implementation. */
function register<T extends AppRouter>(app: Express, contract: T, implementation: Parameters<typeof createExpressEndpoints<T>>[1]): void {
  createExpressEndpoints(contract, implementation, app, options as never);
}

/** Every implemented resource router, registered on the app. An operation not registered answers 404. */
export function registerRoutes(app: Express, deps: Deps): void {
  for (const { contract, implementation } of [superteamRoutes(deps), teamRoutes(deps), userRoutes(deps), packageRoutes(deps), propertyRoutes(deps), listingRoutes(deps), hrApplicationRoutes(deps), hrV1ApplicationRoutes(deps), pmApplicationRoutes(deps), serviceCollectionRoutes(deps), ...reportRoutes(deps)]) register(app, contract, implementation as never);
}
