import { managerOf, type DbHandle } from '@svc/db';
import { AdverseAction } from '@svc/db/entities';
import type { ApplicationScope } from '../applications/order-rules.js';
import { adverseActionViews, scopeWhere, type AdverseActionView } from './views.js';

/** A page of the actions of an applicant of the scope, oldest first, and their count. */
export async function listAdverseActions(
  handle: DbHandle,
  {
    scope,
    applicantId,
    offset,
    limit,
  }: { scope: ApplicationScope; applicantId: string; offset: number; limit: number },
): Promise<{ count: number; views: AdverseActionView[] }> {
  const manager = managerOf(handle);
  const [actions, count] = await manager.findAndCount(AdverseAction, {
    where: scopeWhere(scope, applicantId),
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, views: await adverseActionViews(manager, actions) };
}
