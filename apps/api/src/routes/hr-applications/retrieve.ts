import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import { applicationScopeOf, recordOrNotFound } from './order-support.js';

export const hrRetrieveApplicant: HrRouteFactory<'retrieveApplicant'> = (deps) => async ({ params, res }) => {
  const scope = applicationScopeOf(principalOf(res), 'HR');
  const record = await recordOrNotFound(deps, { scope, applicantId: idOrNotFound(params.applicant_id, 'Applicant') });
  return { status: 200, body: presentHrApplication(record) };
};
