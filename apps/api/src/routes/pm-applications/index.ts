import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { pmDeleteApplicant } from './delete.js';
import { pmInvite } from './invite.js';
import { pmListApplicants } from './list.js';
import { pmQuickScreen } from './quick-screen.js';
import { pmRetrieveApplicant } from './retrieve.js';
import { pmRetryCheck } from './retry-check.js';
import { pmUpgrade } from './upgrade.js';

const { invite, quickScreen, upgrade, retryCheck, listApplicants, retrieveApplicant, deleteApplicant } = contract.pm;
const v2 = contract.pmV2;

export const pmApplicationRoutes = (deps: Deps) =>
  resourceRoutes(
    { invite, quickScreen, upgrade, retryCheck, listApplicants, retrieveApplicant, deleteApplicant },
    {
      invite: pmInvite(deps),
      quickScreen: pmQuickScreen(deps),
      upgrade: pmUpgrade(deps),
      retryCheck: pmRetryCheck(deps),
      listApplicants: pmListApplicants(deps),
      retrieveApplicant: pmRetrieveApplicant(deps),
      deleteApplicant: pmDeleteApplicant(deps),
    },
  );

/** The same operations under `/api/v2`, where `owner_id` defaults to the key's user. */
export const pmV2ApplicationRoutes = (deps: Deps) =>
  resourceRoutes(
    {
      invite: v2.invite,
      quickScreen: v2.quickScreen,
      listApplicants: v2.listApplicants,
      retrieveApplicant: v2.retrieveApplicant,
      deleteApplicant: v2.deleteApplicant,
    },
    {
      invite: pmInvite(deps),
      quickScreen: pmQuickScreen(deps),
      listApplicants: pmListApplicants(deps),
      retrieveApplicant: pmRetrieveApplicant(deps),
      deleteApplicant: pmDeleteApplicant(deps),
    },
  );
