import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { readOf } from '../../http/read-cache.js';
import type { HrRouteFactory } from './hr-route.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import { presentHrApplicantListItem } from '../../presenters/applicant-list-item.js';
import { applicationScopeOf } from '../application-orders.js';

export const hrListApplicants: HrRouteFactory<'listApplicants'> =
  (deps) =>
  async ({ query, req, res }) => {
    const page = pageRequest(query);
    const scope = applicationScopeOf(principalOf(res), 'HR');
    const publicUrl = publicUrlOf(deps, req);
    const body = await deps.readCache.answer(req, res, readOf(req, res, publicUrl), async () => {
      const { count, rows } = await repository.listApplicants(deps.db.dataSource.manager, {
        scope,
        offset: page.offset,
        limit: page.pageSize,
      });
      const results = rows.map((row) => presentHrApplicantListItem(row, { publicUrl, now: deps.now() }));
      return pageOf({ request: req, page, count, results, publicUrl });
    });
    return { status: 200, body };
  };
