import { requestedFlags, type contract } from '@svc/contract';
import * as services from '@svc/services';
import { idOrNotFound } from '../../http/access.js';
import { auditPersonalDataReads } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { acceptedOrThrow, applicationScopeOf, recordOrNotFound } from '../application-orders.js';

export const pmUpgrade: RouteFactory<typeof contract.pm.upgrade> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'PM');
    const { applicantId } = acceptedOrThrow(
      await services.upgradeApplication({
        db: deps.db,
        jobs: deps.jobs,
        scope,
        applicantId: idOrNotFound(params.applicant_id, 'Applicant'),
        flags: requestedFlags(body),
        tag: body.tag,
        information: body.information,
        providers: deps.providers,
        now: deps.now(),
      }),
      'PM',
    );
    const record = presentPmApplication(await recordOrNotFound(deps, { scope, applicantId }));
    // The answer holds what was recorded before, a full SIN/SSN or date of birth too: a read, audited.
    await auditPersonalDataReads(deps.db, {
      reads: services.personalDataReadsOf([record]),
      request: req,
      response: res,
    });
    return { status: 200, body: record };
  };
