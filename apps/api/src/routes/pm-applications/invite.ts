import type { contract } from '@svc/contract';
import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentIntegratorIds, presentInvitedApplicant } from '../../presenters/application.js';
import { acceptedOrThrow, dryRunAnswer, applicationScopeOf, orderFieldsOf } from '../application-orders.js';

export const pmInvite: SharedRouteFactory<typeof contract.pmV2.invite> =
  (deps) =>
  async ({ body, query, req, res }) => {
    const principal = principalOf(res);
    const scope = applicationScopeOf(principal, 'PM');
    const order = {
      ...orderFieldsOf(body, req, principal),
      emailApplicants: body.email_applicants,
      phoneNumber: body.phone_number,
      groupedApplicants: (body.grouped_applicants ?? []).map((person) => ({
        email: person.email,
        phoneNumber: person.phone_number,
        isCosigner: person.is_cosigner,
        shareOfRent: person.share_of_rent,
      })),
      // The main applicant's share and the listing applied for.
      shareOfRent: body.share_of_rent,
      listingId: body.listing_id?.toLowerCase(),
    };
    if (query.dry_run === 'true')
      return dryRunAnswer(deps, { scope, type: 'invitation', order, applicants: 1 + order.groupedApplicants.length });
    const { application, applicants } = acceptedOrThrow(
      await services.createInvitation({
        db: deps.db,
        jobs: deps.jobs,
        scope,
        order,
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
