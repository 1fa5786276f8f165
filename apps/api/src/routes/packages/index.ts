import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createPackage } from './create.js';
import { deletePackage } from './delete.js';
import { listPackages } from './list.js';
import { replacePackage } from './replace.js';
import { retrievePackage } from './retrieve.js';

export const packageRoutes = (deps: Deps) =>
  resourceRoutes(contract.packages, {
    list: listPackages(deps),
    retrieve: retrievePackage(deps),
    create: createPackage(deps),
    replace: replacePackage(deps),
    delete: deletePackage(deps),
  });
