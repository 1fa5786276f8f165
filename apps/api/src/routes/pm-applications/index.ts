import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { pmInvite } from './invite.js';
import { pmListApplicants } from './list.js';
import { pmQuickScreen } from './quick-screen.js';
import { pmRetrieveApplicant } from './retrieve.js';
import { pmUpgrade } from './upgrade.js';

const { invite, quickScreen, upgrade, listApplicants, retrieveApplicant } = contract.pm;

export const pmApplicationRoutes = (deps: Deps) => ({
  contract: { invite, quickScreen, upgrade, listApplicants, retrieveApplicant },
  implementation: {
    invite: pmInvite(deps),
    quickScreen: pmQuickScreen(deps),
    upgrade: pmUpgrade(deps),
    listApplicants: pmListApplicants(deps),
    retrieveApplicant: pmRetrieveApplicant(deps),
  },
});
