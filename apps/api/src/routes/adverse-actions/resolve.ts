import { resolveAdverseDispute } from '@svc/services';
import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { adverseActionActorOf, adverseActionTarget, changedAdverseAction } from './shared.js';

export const resolveAdverseAction: SharedRouteFactory<typeof contract.adverseActions.resolve> =
  (deps) =>
  async ({ params, body, req, res }) =>
    changedAdverseAction(
      await resolveAdverseDispute(deps.db, {
        jobs: deps.jobs,
        ...adverseActionTarget(params, res),
        outcome: body.outcome,
        actor: adverseActionActorOf(req, res),
        now: deps.now(),
      }),
    );
