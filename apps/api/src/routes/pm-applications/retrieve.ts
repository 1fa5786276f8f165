import type { contract } from '@svc/contract';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { applicationScopeOf, recordOrNotFound } from '../application-orders.js';
import { answerApplicantRead } from '../applicant-reads.js';

export const pmRetrieveApplicant: SharedRouteFactory<typeof contract.pmV2.retrieveApplicant> =
  (deps) =>
  async ({ params, req, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'PM');
    const body = await answerApplicantRead(deps, {
      req,
      res,
      load: async () =>
        presentPmApplication(
          await recordOrNotFound(deps, { scope, applicantId: idOrNotFound(params.applicant_id, 'Applicant') }),
        ),
      applicantsOf: (record) => [record],
    });
    return { status: 200, body };
  };
