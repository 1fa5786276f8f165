import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { operationsOf, resourceRoutes } from '../../http/route.js';
import { pmCancelApplication } from './cancel.js';
import { pmDeleteApplicant } from './delete.js';
import { pmEraseApplicant } from './erase.js';
import { pmInvite } from './invite.js';
import { pmListApplicants } from './list.js';
import { pmQuickScreen } from './quick-screen.js';
import { pmRetrieveApplicant } from './retrieve.js';
import { pmRetryCheck } from './retry-check.js';
import { pmUpgrade } from './upgrade.js';

/** The PM operations of both forms (the reports are routed with the HR ones). */
const pmOperations = (deps: Deps) => ({
  invite: pmInvite(deps),
  quickScreen: pmQuickScreen(deps),
  listApplicants: pmListApplicants(deps),
  retrieveApplicant: pmRetrieveApplicant(deps),
  deleteApplicant: pmDeleteApplicant(deps),
  cancelApplication: pmCancelApplication(deps),
  eraseApplicant: pmEraseApplicant(deps),
});
const BOTH_FORMS = [
  'invite',
  'quickScreen',
  'listApplicants',
  'retrieveApplicant',
  'deleteApplicant',
  'cancelApplication',
  'eraseApplicant',
] as const;

export const pmApplicationRoutes = (deps: Deps) =>
  resourceRoutes(operationsOf(contract.pm, [...BOTH_FORMS, 'upgrade', 'retryCheck'] as const), {
    ...pmOperations(deps),
    upgrade: pmUpgrade(deps),
    retryCheck: pmRetryCheck(deps),
  });

/** The same operations under `/api/v2`, where `owner_id` defaults to the key's user. */
export const pmV2ApplicationRoutes = (deps: Deps) =>
  resourceRoutes(operationsOf(contract.pmV2, BOTH_FORMS), pmOperations(deps));
