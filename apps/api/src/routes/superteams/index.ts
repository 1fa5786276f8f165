import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createSuperteam } from './create.js';
import { listSuperteams } from './list.js';
import { retrieveSuperteam } from './retrieve.js';
import { updateSuperteam } from './update.js';

export const superteamRoutes = (deps: Deps) =>
  resourceRoutes(contract.superteams, {
    list: listSuperteams(deps),
    retrieve: retrieveSuperteam(deps),
    create: createSuperteam(deps),
    update: updateSuperteam(deps),
  });
