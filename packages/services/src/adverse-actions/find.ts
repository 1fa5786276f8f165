import { managerOf, type DbHandle } from '@svc/db';
import { AdverseAction } from '@svc/db/entities';
import type { ApplicationScope } from '../applications/order-rules.js';
import { adverseActionViews, scopeWhere, type AdverseActionView } from './views.js';

/** One action of an applicant of the scope, or null (another tenant's is not found either). */
export async function findAdverseAction(
  handle: DbHandle,
  { scope, applicantId, adverseActionId }: { scope: ApplicationScope; applicantId: string; adverseActionId: string },
): Promise<AdverseActionView | null> {
  const manager = managerOf(handle);
  const action = await manager.findOneBy(AdverseAction, { ...scopeWhere(scope, applicantId), id: adverseActionId });
  return action ? ((await adverseActionViews(manager, [action]))[0] ?? null) : null;
}
