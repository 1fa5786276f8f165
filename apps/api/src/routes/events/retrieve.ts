import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentEvent } from '../../presenters/event.js';

export const retrieveEvent: RouteFactory<typeof contract.events.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    const eventId = idOrNotFound(params.event_id, 'Event');
    const found = await repository.findEvent(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      eventId,
    });
    if (!found) throw AppError.notFound('Event');
    return { status: 200, body: presentEvent(found) };
  };
