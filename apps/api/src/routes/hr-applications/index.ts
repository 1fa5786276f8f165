import { contract } from '@svc/contract';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Deps } from '../../deps.js';
import { operationsOf, resourceRoutes } from '../../http/route.js';
import type { HrOperation } from './hr-route.js';
import { hrCancelApplication } from './cancel.js';
import { hrDeleteApplicant } from './delete.js';
import { hrEraseApplicant } from './erase.js';
import { hrInvite } from './invite.js';
import { hrListApplicants } from './list.js';
import { hrQuickScreen } from './quick-screen.js';
import { hrRetrieveApplicant } from './retrieve.js';
import { hrRetryCheck } from './retry-check.js';
import { hrUpgrade } from './upgrade.js';

/** An implementation of the operations in both forms. */
type BothForms = {
  [K in HrOperation]: AppRouteImplementation<(typeof contract.hr)[K]> &
    AppRouteImplementation<(typeof contract.hrV1)[K]>;
};

/** The HR application operations, implemented once and served in both path forms (`/api/v1/hr`, `/hr/v1`). */
const hrApplicationImplementation = (deps: Deps): BothForms => ({
  invite: hrInvite(deps),
  quickScreen: hrQuickScreen(deps),
  upgrade: hrUpgrade(deps),
  retryCheck: hrRetryCheck(deps),
  listApplicants: hrListApplicants(deps),
  retrieveApplicant: hrRetrieveApplicant(deps),
  deleteApplicant: hrDeleteApplicant(deps),
  cancelApplication: hrCancelApplication(deps),
  eraseApplicant: hrEraseApplicant(deps),
});

/** The operations served in both forms (the reports are routed with the PM ones). */
const HR_OPERATIONS = [
  'invite',
  'quickScreen',
  'upgrade',
  'retryCheck',
  'listApplicants',
  'retrieveApplicant',
  'deleteApplicant',
  'cancelApplication',
  'eraseApplicant',
] as const satisfies readonly HrOperation[];

export const hrApplicationRoutes = (deps: Deps) =>
  resourceRoutes(operationsOf(contract.hr, HR_OPERATIONS), hrApplicationImplementation(deps));

export const hrV1ApplicationRoutes = (deps: Deps) =>
  resourceRoutes(operationsOf(contract.hrV1, HR_OPERATIONS), hrApplicationImplementation(deps));
