import { contract } from '@svc/contract';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import type { HrOperation } from './hr-route.js';
import { hrDeleteApplicant } from './delete.js';
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
});

const { invite, quickScreen, upgrade, retryCheck, listApplicants, retrieveApplicant, deleteApplicant } = contract.hr;
const v1 = contract.hrV1;

export const hrApplicationRoutes = (deps: Deps) =>
  resourceRoutes(
    { invite, quickScreen, upgrade, retryCheck, listApplicants, retrieveApplicant, deleteApplicant },
    hrApplicationImplementation(deps),
  );

export const hrV1ApplicationRoutes = (deps: Deps) =>
  resourceRoutes(
    {
      invite: v1.invite,
      quickScreen: v1.quickScreen,
      upgrade: v1.upgrade,
      retryCheck: v1.retryCheck,
      listApplicants: v1.listApplicants,
      retrieveApplicant: v1.retrieveApplicant,
      deleteApplicant: v1.deleteApplicant,
    },
    hrApplicationImplementation(deps),
  );
