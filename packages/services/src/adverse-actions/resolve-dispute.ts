import type { PgBoss } from 'pg-boss';
import { type Database } from '@svc/db';
import { enqueueAdverseNotice } from '../jobs/adverse-notice.js';
import type { ApplicationScope } from '../applications/order-rules.js';
import { changeAdverseAction, type AdverseActionChangeOutcome } from './change.js';
import { ADVERSE_ACTION_AUDIT, adverseActionEvent, recordAdverseActionStep, type AdverseActionActor } from './steps.js';
import type { AdverseAction } from '@svc/db/entities';

/**
 * Resolves the dispute of a `disputed` action: `proceed` puts it back to `awaiting_final` and schedules the final
 * notice at the end of the waiting period (at once when it has ended); `cancel` cancels it.
 */
export function resolveAdverseDispute(
  db: Database,
  params: {
    jobs: PgBoss;
    scope: ApplicationScope;
    applicantId: string;
    adverseActionId: string;
    outcome: 'proceed' | 'cancel';
    actor: AdverseActionActor;
    now: Date;
  },
): Promise<AdverseActionChangeOutcome> {
  const { jobs, outcome, now } = params;
  return changeAdverseAction(db, {
    ...params,
    change: async (manager, action) => {
      if (action.state !== 'disputed')
        return `The adverse action is ${action.state}: only a disputed action can be resolved.`;
      const dueAt = new Date(Math.max(action.finalNoticeDueAt?.getTime() ?? 0, now.getTime()));
      Object.assign(action, {
        state: outcome === 'proceed' ? 'awaiting_final' : 'canceled',
        disputeOutcome: outcome,
        disputeResolvedAt: now,
        ...(outcome === 'proceed' ? { finalNoticeDueAt: dueAt } : { canceledAt: now }),
      } satisfies Partial<AdverseAction>);
      await manager.save(action);
      if (outcome === 'proceed') {
        await enqueueAdverseNotice({
          jobs,
          transaction: manager,
          payload: { adverseActionId: action.id, notice: 'final' },
          startAfter: dueAt,
        });
      }
      await recordAdverseActionStep(manager, {
        action,
        audit: ADVERSE_ACTION_AUDIT.disputeResolved,
        event: adverseActionEvent(action, 'adverse_action.dispute_resolved', { outcome }),
        actor: params.actor,
      });
      return null;
    },
  });
}
