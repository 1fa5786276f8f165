import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { cancelAdverseAction } from './cancel.js';
import { createAdverseAction } from './create.js';
import { listAdverseActions } from './list.js';
import { listAdverseItems } from './list-items.js';
import { resolveAdverseAction } from './resolve.js';
import { retrieveAdverseAction } from './retrieve.js';

/** Adverse actions of HR applicants (`/api/v1/hr/applicants/{id}/adverse-…`). */
export const adverseActionRoutes = (deps: Deps) =>
  resourceRoutes(contract.adverseActions, {
    listItems: listAdverseItems(deps),
    create: createAdverseAction(deps),
    list: listAdverseActions(deps),
    retrieve: retrieveAdverseAction(deps),
    cancel: cancelAdverseAction(deps),
    resolve: resolveAdverseAction(deps),
  });
