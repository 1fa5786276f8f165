import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import { presentHrApplicantListItem } from '../../presenters/applicant-list-item.js';
import { applicationScopeOf } from './order-support.js';

export const hrListApplicants: HrRouteFactory<'listApplicants'> = (deps) => async ({ query, req, res }) => {
  const page = pageRequest(query);
  const { count, rows } = await repository.listApplicants(deps.db.dataSource.manager, {
    scope: applicationScopeOf(principalOf(res), 'HR'),
    offset: page.offset,
    limit: page.pageSize,
  });
  const publicUrl = publicUrlOf(deps, req);
  const results = rows.map((row) => presentHrApplicantListItem(row, { publicUrl, now: deps.now() }));
  return { status: 200, body: pageOf({ request: req, page, count, results, publicUrl }) };
};
