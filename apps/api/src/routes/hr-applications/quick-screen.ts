import { requestedFlags } from '@svc/domain';
import * as services from '@svc/services';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import {
  acceptedOrThrow,
  acicParametersOf,
  applicationScopeOf,
  recordOrNotFound,
  orderIdempotencyOf,
} from '../application-orders.js';

/** Both forms (`/api/v1/hr`, `/hr/v1`): in the `/hr/v1` form `owner_id` defaults to the key's user. */
export const hrQuickScreen: HrRouteFactory<'quickScreen'> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    const scope = applicationScopeOf(principal, 'HR');
    const { applicantId, record } = acceptedOrThrow(
      await services.createQuickScreen({
        db: deps.db,
        jobs: deps.jobs,
        scope,
        order: {
          idempotency: orderIdempotencyOf(req, principal),
          ownerId: (body.owner_id ?? principal.user.id).toLowerCase(),
          flags: requestedFlags(body),
          packageId: body.package_id?.toLowerCase(),
          email: body.email,
          tag: body.tag,
          externalId: body.external_id,
          metadata: body.metadata,
          information: body.information,
          location: body.position_or_property_location,
          identityDocument: body.enhanced_identity_verification,
          parameters: acicParametersOf(body),
        },
        providers: deps.providers,
        now: deps.now(),
      }),
      'HR',
    );
    // A replayed order (same Idempotency-Key) is read back; a new one answers with what it wrote.
    return {
      status: 201,
      body: presentHrApplication(record ?? (await recordOrNotFound(deps, { scope, applicantId }))),
    };
  };
