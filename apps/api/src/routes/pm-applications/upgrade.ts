import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { acceptedOrThrow, applicationScopeOf, recordOrNotFound } from '../application-orders.js';

export const pmUpgrade: RouteFactory<typeof contract.pm.upgrade> =
  (deps) =>
  async ({ params, body, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'PM');
    const { applicantId } = acceptedOrThrow(
      await repository.upgradeApplication({
        db: deps.db,
        jobs: deps.jobs,
        scope,
        applicantId: idOrNotFound(params.applicant_id, 'Applicant'),
        flags: repository.requestedFlags(body),
        tag: body.tag,
        information: body.information,
        providers: deps.providers,
        now: deps.now(),
      }),
      'PM',
    );
    return { status: 200, body: presentPmApplication(await recordOrNotFound(deps, { scope, applicantId })) };
  };
