import * as repository from '@svc/db';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import { acceptedOrThrow, applicationScopeOf, recordOrNotFound } from '../application-orders.js';

export const hrUpgrade: HrRouteFactory<'upgrade'> =
  (deps) =>
  async ({ params, body, res }) => {
    const scope = applicationScopeOf(principalOf(res), 'HR');
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
      'HR',
    );
    return { status: 200, body: presentHrApplication(await recordOrNotFound(deps, { scope, applicantId })) };
  };
