import type { AppRoute, AppRouter } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';

/** An operation's implementation, built from the process dependencies (one file per operation exports one). */
export type RouteFactory<R extends AppRoute> = (deps: Deps) => AppRouteImplementation<R>;

/**
 * An operation implemented once for the path forms it answers in (`/api/v1/pm/...` and `/api/v2/...`): it reads the
 * request parts they share from `R`, the form whose body is the widest (`owner_id` optional), and the plain Express
 * request, so the same implementation type-checks against every form.
 */
export type SharedRouteFactory<R extends AppRoute> = (deps: Deps) => (
  input: Omit<Parameters<AppRouteImplementation<R>>[0], 'req' | 'res' | 'headers'> & {
    req: Pick<Request, 'originalUrl' | 'protocol' | 'get' | 'headers' | 'method' | 'path' | 'ip'>;
    res: Response;
  },
) => ReturnType<AppRouteImplementation<R>>;

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

/** The operations `names` of a part of the contract (the part one implementation serves in several path forms). */
export const operationsOf = <T extends AppRouter, K extends keyof T & string>(router: T, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, router[name]])) as Pick<T, K>;
