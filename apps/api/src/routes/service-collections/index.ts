import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { listServiceCollections } from './list.js';
import { retrieveServiceCollection } from './retrieve.js';

const serviceCollectionImplementation = (deps: Deps) => ({
  list: listServiceCollections(deps),
  retrieve: retrieveServiceCollection(deps),
});

export const serviceCollectionRoutes = (deps: Deps) =>
  resourceRoutes(contract.serviceCollections, serviceCollectionImplementation(deps));

/** The same under `/api/v1/hr/`, the other HR prefix. */
export const hrServiceCollectionRoutes = (deps: Deps) =>
  resourceRoutes(contract.hrServiceCollections, serviceCollectionImplementation(deps));
