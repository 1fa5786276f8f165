import type { contract } from '@svc/contract';
import { idOrNotFound } from '../../http/access.js';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { readOf } from '../../http/read-cache.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { applicationScopeOf, recordOrNotFound } from '../application-orders.js';

export const pmRetrieveApplicant: SharedRouteFactory<typeof contract.pmV2.retrieveApplicant> =
  (deps) =>
  async ({ params, req, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'PM');
    const body = await deps.readCache.answer(req, res, readOf(req, res, publicUrlOf(deps, req)), async () =>
      presentPmApplication(
        await recordOrNotFound(deps, { scope, applicantId: idOrNotFound(params.applicant_id, 'Applicant') }),
      ),
    );
    return { status: 200, body };
  };
