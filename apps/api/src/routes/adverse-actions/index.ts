import { contract } from '@svc/contract';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { cancelAdverseAction } from './cancel.js';
import { createAdverseAction } from './create.js';
import { listAdverseActions } from './list.js';
import { listAdverseItems } from './list-items.js';
import { resolveAdverseAction } from './resolve.js';
import { retrieveAdverseAction } from './retrieve.js';

type AdverseOperation = keyof typeof contract.adverseActions;

/** An implementation of the operations in both forms (each a `SharedRouteFactory`). */
type BothForms = {
  [K in AdverseOperation]: AppRouteImplementation<(typeof contract.adverseActions)[K]> &
    AppRouteImplementation<(typeof contract.hrV1AdverseActions)[K]>;
};

/** Adverse actions of HR applicants, implemented once and served under `/api/v1/hr` and `/hr/v1`. */
const adverseActionImplementation = (deps: Deps): BothForms => ({
  listItems: listAdverseItems(deps),
  create: createAdverseAction(deps),
  list: listAdverseActions(deps),
  retrieve: retrieveAdverseAction(deps),
  cancel: cancelAdverseAction(deps),
  resolve: resolveAdverseAction(deps),
});

export const adverseActionRoutes = (deps: Deps) =>
  resourceRoutes(contract.adverseActions, adverseActionImplementation(deps));

export const hrV1AdverseActionRoutes = (deps: Deps) =>
  resourceRoutes(contract.hrV1AdverseActions, adverseActionImplementation(deps));
