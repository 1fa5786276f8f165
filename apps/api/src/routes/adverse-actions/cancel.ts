import { cancelAdverseAction as cancelAction } from '@svc/services';
import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { adverseActionActorOf, adverseActionTarget, changedAdverseAction } from './shared.js';

export const cancelAdverseAction: SharedRouteFactory<typeof contract.adverseActions.cancel> =
  (deps) =>
  async ({ params, req, res }) =>
    changedAdverseAction(
      await cancelAction(deps.db, {
        ...adverseActionTarget(params, res),
        actor: adverseActionActorOf(req, res),
        now: deps.now(),
      }),
    );
