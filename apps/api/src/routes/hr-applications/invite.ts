import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentIntegratorIds, presentInvitedApplicant } from '../../presenters/application.js';
import {
  acceptedOrThrow,
  dryRunAnswer,
  acicParametersOf,
  applicationScopeOf,
  orderFieldsOf,
} from '../application-orders.js';

/** Both forms (`/api/v1/hr`, `/hr/v1`): in the `/hr/v1` form `owner_id` defaults to the key's user. */
export const hrInvite: HrRouteFactory<'invite'> =
  (deps) =>
  async ({ body, query, req, res }) => {
    const principal = principalOf(res);
    const scope = applicationScopeOf(principal, 'HR');
    const order = {
      ...orderFieldsOf(body, req, principal),
      phoneNumber: body.phone_number,
      parameters: acicParametersOf(body),
    };
    if (query.dry_run === 'true') return dryRunAnswer(deps, { scope, type: 'invitation', order, applicants: 1 });
    const invitation = acceptedOrThrow(
      await services.createInvitation({
        db: deps.db,
        jobs: deps.jobs,
        scope,
        order,
        publicUrl: publicUrlOf(deps, req),
        providers: deps.providers,
        now: deps.now(),
      }),
      'HR',
    );
    const { application, applicants } = invitation;
    const [invited] = applicants;
    if (!invited) throw new Error('an invitation without its applicant');
    return {
      status: 201,
      body: {
        id: application.id,
        created: application.created.toISOString(),
        modified: application.modified.toISOString(),
        ...presentIntegratorIds(application),
        applicant: presentInvitedApplicant(invited, body.information),
      },
    };
  };
