import { type Database } from '@svc/db';
import type { ApplicationScope } from '../applications/order-rules.js';
import { changeAdverseAction, type AdverseActionChangeOutcome } from './change.js';
import { OPEN_ADVERSE_ACTION_STATES } from './views.js';
import { ADVERSE_ACTION_AUDIT, adverseActionEvent, recordAdverseActionStep, type AdverseActionActor } from './steps.js';
import type { AdverseAction } from '@svc/db/entities';

/** Cancels an action that has not ended: no further notice goes out (a queued job finds it canceled). */
export function cancelAdverseAction(
  db: Database,
  params: {
    scope: ApplicationScope;
    applicantId: string;
    adverseActionId: string;
    actor: AdverseActionActor;
    now: Date;
  },
): Promise<AdverseActionChangeOutcome> {
  return changeAdverseAction(db, {
    ...params,
    change: async (manager, action) => {
      if (!OPEN_ADVERSE_ACTION_STATES.includes(action.state))
        return `The adverse action is ${action.state}: only a pending, awaiting_final or disputed action can be canceled.`;
      Object.assign(action, { state: 'canceled', canceledAt: params.now } satisfies Partial<AdverseAction>);
      await manager.save(action);
      await recordAdverseActionStep(manager, {
        action,
        audit: ADVERSE_ACTION_AUDIT.canceled,
        event: adverseActionEvent(action, 'adverse_action.canceled'),
        actor: params.actor,
      });
      return null;
    },
  });
}
