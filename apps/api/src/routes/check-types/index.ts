import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { listCheckTypes } from './list.js';

export const checkTypeRoutes = (deps: Deps) => resourceRoutes(contract.checkTypes, { list: listCheckTypes(deps) });
