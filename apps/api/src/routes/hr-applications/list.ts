import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import type { HrRouteFactory } from './hr-route.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import { presentHrApplicantListItem } from '../../presenters/applicant-list-item.js';
import { applicationScopeOf } from '../application-orders.js';
import { applicantListFiltersOf } from '../applicant-filters.js';
import { answerApplicantRead } from '../applicant-reads.js';

export const hrListApplicants: HrRouteFactory<'listApplicants'> =
  (deps) =>
  async ({ query, req, res }) => {
    const page = pageRequest(query);
    const scope = applicationScopeOf(principalOf(res), 'HR');
    const publicUrl = publicUrlOf(deps, req);
    const body = await answerApplicantRead(deps, {
      req,
      res,
      load: async () => {
        const { count, rows } = await services.listApplicants(deps.db, {
          scope,
          filters: applicantListFiltersOf(query),
          offset: page.offset,
          limit: page.pageSize,
        });
        const results = rows.map((row) => presentHrApplicantListItem(row, { publicUrl, now: deps.now() }));
        return pageOf({ request: req, page, count, results, publicUrl });
      },
      applicantsOf: (listed) => listed.results,
    });
    return { status: 200, body };
  };
