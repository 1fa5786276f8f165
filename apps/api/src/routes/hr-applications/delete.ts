import { withdrawApplicationOfScope } from '../applicant-cancellation.js';
import type { HrRouteFactory } from './hr-route.js';

export const hrDeleteApplicant: HrRouteFactory<'deleteApplicant'> =
  (deps) =>
  ({ params, req, res }) =>
    withdrawApplicationOfScope(deps, { kind: 'HR', applicantId: params.applicant_id, req, res });
