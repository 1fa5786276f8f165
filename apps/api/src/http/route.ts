import type { AppRoute, AppRouter } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Deps } from '../deps.js';

/** An operation's implementation, built from the process dependencies (one file per operation exports one). */
export type RouteFactory<R extends AppRoute> = (deps: Deps) => AppRouteImplementation<R>;

/** An implementation of every operation of one part of the contract. */
export type ResourceImplementation<T extends AppRouter> = {
  [K in keyof T]: T[K] extends AppRoute ? AppRouteImplementation<T[K]> : never;
};

/**
 * One resource's part of the contract with its implementation, to register (`routes/index.ts`). Typed here because
 * registration is not: an operation of the contract left without an implementation fails to compile.
 */
export const resourceRoutes = <T extends AppRouter>(contract: T, implementation: ResourceImplementation<T>) => ({
  contract,
  implementation,
});
