import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { listServiceCollections } from './list.js';
import { retrieveServiceCollection } from './retrieve.js';

export const serviceCollectionRoutes = (deps: Deps) => ({
  contract: contract.serviceCollections,
  implementation: { list: listServiceCollections(deps), retrieve: retrieveServiceCollection(deps) },
});
