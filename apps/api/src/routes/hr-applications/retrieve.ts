import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import { applicationScopeOf, recordOrNotFound } from '../application-orders.js';
import { answerApplicantRead } from '../applicant-reads.js';

export const hrRetrieveApplicant: HrRouteFactory<'retrieveApplicant'> =
  (deps) =>
  async ({ params, req, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'HR');
    const body = await answerApplicantRead(deps, {
      req,
      res,
      load: async () =>
        presentHrApplication(
          await recordOrNotFound(deps, { scope, applicantId: idOrNotFound(params.applicant_id, 'Applicant') }),
        ),
      applicantsOf: (record) => [record],
    });
    return { status: 200, body };
  };
