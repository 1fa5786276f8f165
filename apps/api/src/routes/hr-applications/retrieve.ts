import { idOrNotFound } from '../../http/access.js';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { readOf } from '../../http/read-cache.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import { applicationScopeOf, recordOrNotFound } from '../application-orders.js';

export const hrRetrieveApplicant: HrRouteFactory<'retrieveApplicant'> =
  (deps) =>
  async ({ params, req, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'HR');
    const body = await deps.readCache.answer(req, res, readOf(req, res, publicUrlOf(deps, req)), async () =>
      presentHrApplication(
        await recordOrNotFound(deps, { scope, applicantId: idOrNotFound(params.applicant_id, 'Applicant') }),
      ),
    );
    return { status: 200, body };
  };
