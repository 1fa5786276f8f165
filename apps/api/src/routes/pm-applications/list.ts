import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentPmApplicantListItem } from '../../presenters/applicant-list-item.js';
import { applicationScopeOf } from '../hr-applications/order-support.js';

export const pmListApplicants: RouteFactory<typeof contract.pm.listApplicants> = (deps) => async ({ query, req, res }) => {
  const page = pageRequest(query);
  const { count, rows } = await repository.listApplicants(deps.db.dataSource.manager, {
    scope: applicationScopeOf(principalOf(res), 'PM'),
    filters: { teamId: query.application__team__id?.toLowerCase(), ownerId: query.owner?.toLowerCase() },
    offset: page.offset,
    limit: page.pageSize,
  });
  const publicUrl = publicUrlOf(deps, req);
  const results = rows.map((row) => presentPmApplicantListItem(row, { publicUrl, now: deps.now() }));
  return { status: 200, body: pageOf({ request: req, page, count, results, publicUrl }) };
};
