import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { listServiceCollections } from './list.js';
import { retrieveServiceCollection } from './retrieve.js';

export const serviceCollectionRoutes = (deps: Deps) =>
  resourceRoutes(contract.serviceCollections, {
    list: listServiceCollections(deps),
    retrieve: retrieveServiceCollection(deps),
  });
