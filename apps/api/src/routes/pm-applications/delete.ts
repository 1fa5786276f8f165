import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { withdrawApplicationOfScope } from '../applicant-cancellation.js';

export const pmDeleteApplicant: SharedRouteFactory<typeof contract.pmV2.deleteApplicant> =
  (deps) =>
  ({ params, req, res }) =>
    withdrawApplicationOfScope(deps, { kind: 'PM', applicantId: params.applicant_id, req, res });
