import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createProperty } from './create.js';
import { deleteProperty } from './delete.js';
import { listProperties } from './list.js';
import { retrieveProperty } from './retrieve.js';
import { updateProperty } from './update.js';

/** The property operations, implemented once for both forms (`/api/v1/pm/properties`, `/api/v2/properties`). */
const propertyImplementation = (deps: Deps) => ({
  list: listProperties(deps),
  create: createProperty(deps),
  retrieve: retrieveProperty(deps),
  update: updateProperty(deps),
  patch: updateProperty(deps),
  delete: deleteProperty(deps),
});

export const propertyRoutes = (deps: Deps) => resourceRoutes(contract.properties, propertyImplementation(deps));

export const propertyV2Routes = (deps: Deps) => resourceRoutes(contract.propertiesV2, propertyImplementation(deps));
