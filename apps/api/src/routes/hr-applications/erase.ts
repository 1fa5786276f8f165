import { eraseApplicantOfScope } from '../applicant-erasure.js';
import type { HrRouteFactory } from './hr-route.js';

export const hrEraseApplicant: HrRouteFactory<'eraseApplicant'> =
  (deps) =>
  ({ params, req, res }) =>
    eraseApplicantOfScope(deps, { kind: 'HR', applicantId: params.applicant_id, req, res });
