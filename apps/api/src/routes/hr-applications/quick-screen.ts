import * as services from '@svc/services';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import {
  acceptedOrThrow,
  acicParametersOf,
  dryRunAnswer,
  applicationScopeOf,
  orderFieldsOf,
} from '../application-orders.js';

/** Both forms (`/api/v1/hr`, `/hr/v1`): in the `/hr/v1` form `owner_id` defaults to the key's user. */
export const hrQuickScreen: HrRouteFactory<'quickScreen'> =
  (deps) =>
  async ({ body, query, req, res }) => {
    const principal = principalOf(res);
    const scope = applicationScopeOf(principal, 'HR');
    const order = {
      ...orderFieldsOf(body, req, principal),
      location: body.position_or_property_location,
      identityDocument: body.enhanced_identity_verification,
      parameters: acicParametersOf(body),
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
      'HR',
    );
    return { status: 201, body: presentHrApplication(record) };
  };
