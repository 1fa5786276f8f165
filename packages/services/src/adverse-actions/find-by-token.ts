import { managerOf, type DbHandle } from '@svc/db';
import { hashOnboardingToken } from '../applications/identifiers.js';
import { AdverseAction, Applicant } from '@svc/db/entities';

/**
 * The action of a portal token (the applicant's link in the pre-adverse notice); `erased` when its applicant was
 * erased (the link is gone for good: the action keeps nothing to show); null when no action has the token.
 */
export async function findAdverseActionByToken(
  handle: DbHandle,
  token: string,
): Promise<AdverseAction | 'erased' | null> {
  const manager = managerOf(handle);
  const action = await manager.findOneBy(AdverseAction, { portalTokenHash: hashOnboardingToken(token) });
  if (!action) return null;
  const erased = await manager.existsBy(Applicant, { id: action.applicantId, status: 'Erased' });
  return erased ? 'erased' : action;
}
