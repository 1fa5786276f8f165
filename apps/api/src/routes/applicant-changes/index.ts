import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { listApplicantChanges } from './list.js';

export const applicantChangeRoutes = (deps: Deps) =>
  resourceRoutes(contract.applicantChanges, { list: listApplicantChanges(deps) });
