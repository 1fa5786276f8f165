import { requestedFlags } from '@svc/domain';
import type { contract } from '@svc/contract';
import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentIntegratorIds, presentInvitedApplicant } from '../../presenters/application.js';
import { acceptedOrThrow, applicationScopeOf, orderIdempotencyOf } from '../application-orders.js';

export const pmInvite: SharedRouteFactory<typeof contract.pmV2.invite> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    const { application, applicants } = acceptedOrThrow(
      await services.createInvitation({
        db: deps.db,
        jobs: deps.jobs,
        scope: applicationScopeOf(principal, 'PM'),
        order: {
          idempotency: orderIdempotencyOf(req, principal),
          ownerId: (body.owner_id ?? principal.user.id).toLowerCase(),
          flags: requestedFlags(body),
          packageId: body.package_id?.toLowerCase(),
          email: body.email,
          emailApplicants: body.email_applicants,
          phoneNumber: body.phone_number,
          tag: body.tag,
          externalId: body.external_id,
          metadata: body.metadata,
          information: body.information,
          listingId: body.listing_id?.toLowerCase(),
          shareOfRent: body.share_of_rent,
          groupedApplicants: (body.grouped_applicants ?? []).map((person) => ({
            email: person.email,
            phoneNumber: person.phone_number,
            isCosigner: person.is_cosigner,
            shareOfRent: person.share_of_rent,
          })),
        },
        publicUrl: publicUrlOf(deps, req),
        providers: deps.providers,
        now: deps.now(),
      }),
      'PM',
    );
    return {
      status: 201,
      body: {
        id: application.id,
        created: application.created.toISOString(),
        modified: application.modified.toISOString(),
        ...presentIntegratorIds(application),
        // The pre-filled information is the main applicant's.
        applicants: applicants.map((invited, index) =>
          presentInvitedApplicant(invited, index === 0 ? body.information : {}),
        ),
      },
    };
  };
