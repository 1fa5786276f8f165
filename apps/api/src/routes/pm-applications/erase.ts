import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { eraseApplicantOfScope } from '../applicant-erasure.js';

export const pmEraseApplicant: SharedRouteFactory<typeof contract.pmV2.eraseApplicant> =
  (deps) =>
  ({ params, req, res }) =>
    eraseApplicantOfScope(deps, { kind: 'PM', applicantId: params.applicant_id, req, res });
