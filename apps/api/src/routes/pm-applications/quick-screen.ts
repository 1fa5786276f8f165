import type { contract } from '@svc/contract';
import * as services from '@svc/services';
import { principalOf } from '../../http/auth.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { acceptedOrThrow, dryRunAnswer, applicationScopeOf, orderFieldsOf } from '../application-orders.js';

export const pmQuickScreen: SharedRouteFactory<typeof contract.pmV2.quickScreen> =
  (deps) =>
  async ({ body, query, req, res }) => {
    const principal = principalOf(res);
    const scope = applicationScopeOf(principal, 'PM');
    const order = {
      ...orderFieldsOf(body, req, principal),
      location: body.position_or_property_location,
      identityDocument: body.enhanced_identity_verification,
      listingId: body.listing_id?.toLowerCase(),
      shareOfRent: body.share_of_rent,
    };
    if (query.dry_run === 'true') return dryRunAnswer(deps, { scope, type: 'quick_screen', order, applicants: 1 });
    const { record } = acceptedOrThrow(
      await services.createQuickScreen({
        db: deps.db,
        jobs: deps.jobs,
        scope,
        order,
        providers: deps.providers,
        now: deps.now(),
      }),
      'PM',
    );
    return { status: 201, body: presentPmApplication(record) };
  };
