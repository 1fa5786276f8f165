import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { readOf } from '../../http/read-cache.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentPmApplicantListItem } from '../../presenters/applicant-list-item.js';
import { applicationScopeOf } from '../application-orders.js';

export const pmListApplicants: SharedRouteFactory<typeof contract.pmV2.listApplicants> =
  (deps) =>
  async ({ query, req, res }) => {
    const page = pageRequest(query);
    const scope = applicationScopeOf(principalOf(res), 'PM');
    const publicUrl = publicUrlOf(deps, req);
    const body = await deps.readCache.answer(req, res, readOf(req, res, publicUrl), async () => {
      const { count, rows } = await repository.listApplicants(deps.db.dataSource.manager, {
        scope,
        filters: { teamId: query.application__team__id?.toLowerCase(), ownerId: query.owner?.toLowerCase() },
        offset: page.offset,
        limit: page.pageSize,
      });
      const results = rows.map((row) => presentPmApplicantListItem(row, { publicUrl, now: deps.now() }));
      return pageOf({ request: req, page, count, results, publicUrl });
    });
    return { status: 200, body };
  };
