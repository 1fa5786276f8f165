import { listAdverseActions as listActions } from '@svc/services';
import { publicUrlOf } from '../../deps.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentAdverseAction } from '../../presenters/adverse-action.js';
import { recordOrNotFound } from '../application-orders.js';
import { adverseActionTarget } from './shared.js';

export const listAdverseActions: SharedRouteFactory<typeof contract.adverseActions.list> =
  (deps) =>
  async ({ params, query, req, res }) => {
    const { scope, applicantId } = adverseActionTarget(params, res);
    // An applicant of another scope is not found, even without actions.
    await recordOrNotFound(deps, { scope, applicantId });
    const page = pageRequest(query);
    const { count, views } = await listActions(deps.db, {
      scope,
      applicantId,
      offset: page.offset,
      limit: page.pageSize,
    });
    return {
      status: 200,
      body: pageOf({
        request: req,
        page,
        count,
        results: views.map(presentAdverseAction),
        publicUrl: publicUrlOf(deps, req),
      }),
    };
  };
