import { CHANGES_PAGE_DEFAULT, type contract } from '@svc/contract';
import * as services from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { teamScopeOf } from '../../http/access.js';
import { auditPersonalDataReads } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentHrApplicantListItem, presentPmApplicantListItem } from '../../presenters/applicant-list-item.js';

/**
 * A page of the applicant change feed, read from the database every time (not the read cache: what a page holds
 * depends on the transactions still running, not only on what changed).
 */
export const listApplicantChanges: RouteFactory<typeof contract.applicantChanges.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const after = query.after === undefined ? services.FEED_START : services.cursorOf(query.after);
    if (!after)
      throw AppError.validation([
        { path: 'after', code: 'invalid_value', message: 'is not a cursor of this feed (a `next_cursor`)' },
      ]);
    const publicUrl = publicUrlOf(deps, req);
    const { changes, cursor, hasMore } = await services.listApplicantChanges(deps.db, {
      scope: { partnerId: principal.partner.id, environment: principal.environment, teamId: teamScopeOf(principal) },
      kind: query.kind,
      after,
      limit: query.page_size ?? CHANGES_PAGE_DEFAULT,
    });
    const now = deps.now();
    const results = changes.map((row) => {
      const change = row.applicant.status === 'Erased' ? ('erased' as const) : ('changed' as const);
      return row.applicant.kind === 'HR'
        ? { kind: 'HR' as const, change, applicant: presentHrApplicantListItem(row, { publicUrl, now }) }
        : { kind: 'PM' as const, change, applicant: presentPmApplicantListItem(row, { publicUrl, now }) };
    });
    await auditPersonalDataReads(deps.db, {
      reads: services.personalDataReadsOf(results.map((result) => result.applicant)),
      request: req,
      response: res,
    });
    const nextCursor = services.cursorText(cursor);
    const { pathname, search } = new URL(req.originalUrl, 'http://request.invalid');
    const next = new URL(`${pathname}${search}`, publicUrl);
    next.searchParams.set('after', nextCursor);
    return {
      status: 200,
      body: { results, next_cursor: nextCursor, has_more: hasMore, next: next.toString() },
    };
  };
