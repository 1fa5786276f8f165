import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createProperty } from './create.js';
import { listProperties } from './list.js';

export const propertyRoutes = (deps: Deps) =>
  resourceRoutes(contract.properties, { list: listProperties(deps), create: createProperty(deps) });

export const propertyV2Routes = (deps: Deps) =>
  resourceRoutes(contract.propertiesV2, { list: listProperties(deps), create: createProperty(deps) });
