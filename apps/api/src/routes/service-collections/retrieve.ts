import type { contract } from '@svc/contract';
import * as services from '@svc/services';
import { idOrNotFound, teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentServiceCollection } from '../../presenters/service-collection.js';

export const retrieveServiceCollection: SharedRouteFactory<typeof contract.serviceCollections.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const principal = principalOf(res);
    const serviceCollectionId = idOrNotFound(params.servicecollection_id, 'Service collection');
    const collection = await services.findServiceCollection(deps.db, {
      partnerId: principal.partner.id,
      teamId: teamScopeOf(principal),
      serviceCollectionId,
    });
    if (!collection) throw AppError.notFound('Service collection');
    return { status: 200, body: presentServiceCollection(collection) };
  };
