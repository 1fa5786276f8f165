import type { EntityManager } from 'typeorm';
import { type Database } from '@svc/db';
import type { ApplicationScope } from '../applications/order-rules.js';
import { adverseActionViews, type AdverseActionView } from './views.js';
import { AdverseAction } from '@svc/db/entities';

export type AdverseActionChangeOutcome =
  | { ok: false; refusal: 'not_found' }
  | { ok: false; refusal: 'conflict'; message: string }
  | { ok: true; view: AdverseActionView };

/** Changes one action of the scope under a row lock: `change` refuses (a message) or changes it in the transaction. */
export async function changeAdverseAction(
  db: Database,
  {
    scope,
    applicantId,
    adverseActionId,
    change,
  }: {
    scope: ApplicationScope;
    applicantId: string;
    adverseActionId: string;
    change: (manager: EntityManager, action: AdverseAction) => Promise<string | null>;
  },
): Promise<AdverseActionChangeOutcome> {
  return db.transaction(async (manager) => {
    const action = await manager.findOne(AdverseAction, {
      where: {
        id: adverseActionId,
        applicantId,
        partnerId: scope.partnerId,
        environment: scope.environment,
        ...(scope.teamId === undefined ? {} : { teamId: scope.teamId }),
      },
      lock: { mode: 'pessimistic_write' },
    });
    if (!action) return { ok: false, refusal: 'not_found' };
    const refusal = await change(manager, action);
    if (refusal) return { ok: false, refusal: 'conflict', message: refusal };
    return { ok: true, view: (await adverseActionViews(manager, [action]))[0]! };
  });
}
