import type { AppRoute } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Deps } from '../deps.js';

/** An operation's implementation, built from the process dependencies (one file per operation exports one). */
export type RouteFactory<R extends AppRoute> = (deps: Deps) => AppRouteImplementation<R>;
