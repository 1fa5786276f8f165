import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentListing } from '../../presenters/listing.js';

export const listListings: SharedRouteFactory<typeof contract.listingsV2.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const page = pageRequest(query);
    const { count, rows } = await repository.listListings(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      offset: page.offset,
      limit: page.pageSize,
    });
    const publicUrl = publicUrlOf(deps, req);
    const results = rows.map((listing) => presentListing(listing, { publicUrl }));
    return { status: 200, body: pageOf({ request: req, page, count, results, publicUrl }) };
  };
