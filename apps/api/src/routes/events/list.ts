import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentEvent } from '../../presenters/event.js';

export const listEvents: RouteFactory<typeof contract.events.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const page = pageRequest(query);
    const { count, rows } = await repository.listEvents(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      teamId: teamScopeOf(principal),
      type: query.type,
      applicantId: query.applicant_id?.toLowerCase(),
      createdAfter: query.created_after === undefined ? undefined : new Date(query.created_after),
      createdBefore: query.created_before === undefined ? undefined : new Date(query.created_before),
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({ request: req, page, count, results: rows.map(presentEvent), publicUrl: publicUrlOf(deps, req) }),
    };
  };
