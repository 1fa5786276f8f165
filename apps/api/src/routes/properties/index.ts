import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { createProperty } from './create.js';
import { listProperties } from './list.js';

export const propertyRoutes = (deps: Deps) => ({
  contract: contract.properties,
  implementation: { list: listProperties(deps), create: createProperty(deps) },
});
