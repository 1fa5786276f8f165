import { requestedFlags } from '@svc/domain';
import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentIntegratorIds, presentInvitedApplicant } from '../../presenters/application.js';
import { acceptedOrThrow, acicParametersOf, applicationScopeOf, orderIdempotencyOf } from '../application-orders.js';

/** Both forms (`/api/v1/hr`, `/hr/v1`): in the `/hr/v1` form `owner_id` defaults to the key's user. */
export const hrInvite: HrRouteFactory<'invite'> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    const invitation = acceptedOrThrow(
      await services.createInvitation({
        db: deps.db,
        jobs: deps.jobs,
        scope: applicationScopeOf(principal, 'HR'),
        order: {
          idempotency: orderIdempotencyOf(req, principal),
          ownerId: (body.owner_id ?? principal.user.id).toLowerCase(),
          flags: requestedFlags(body),
          packageId: body.package_id?.toLowerCase(),
          email: body.email,
          phoneNumber: body.phone_number,
          tag: body.tag,
          externalId: body.external_id,
          metadata: body.metadata,
          information: body.information,
          parameters: acicParametersOf(body),
        },
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
