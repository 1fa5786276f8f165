import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createTeam } from './create.js';
import { listTeams } from './list.js';
import { listAddressReferenceTemplates, listEmployerReferenceTemplates } from './reference-templates.js';
import { replaceTeam } from './replace.js';
import { retrieveTeam } from './retrieve.js';

export const teamRoutes = (deps: Deps) =>
  resourceRoutes(contract.teams, {
    list: listTeams(deps),
    retrieve: retrieveTeam(deps),
    create: createTeam(deps),
    replace: replaceTeam(deps),
    listAddressReferenceTemplates: listAddressReferenceTemplates(deps),
    listEmployerReferenceTemplates: listEmployerReferenceTemplates(deps),
  });
