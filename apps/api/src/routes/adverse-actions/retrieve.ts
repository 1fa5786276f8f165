import { findAdverseAction } from '@svc/services';
import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { AppError } from '../../http/problem.js';
import { presentAdverseAction } from '../../presenters/adverse-action.js';
import { adverseActionTarget } from './shared.js';

export const retrieveAdverseAction: SharedRouteFactory<typeof contract.adverseActions.retrieve> =
  (deps) =>
  async ({ params, res }) => {
    const view = await findAdverseAction(deps.db, adverseActionTarget(params, res));
    if (!view) throw AppError.notFound('Adverse action');
    return { status: 200, body: presentAdverseAction(view) };
  };
