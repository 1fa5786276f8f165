import type { Database } from '@svc/db';
import { recordInvitationStep } from './invitation-funnel.js';

/**
 * Records that the applicant opened their invitation's form (`GET /apply/<token>` answered the form): the first
 * time only, with `invitation.opened`. Returns the applicant's partner when it was the first time (its read caches
 * then drop their answers), else null.
 */
export async function recordInvitationOpened({
  db,
  applicantId,
  now,
}: {
  db: Database;
  applicantId: string;
  now: Date;
}): Promise<{ partnerId: string } | null> {
  return db.transaction((manager) => recordInvitationStep(manager, { applicantId, step: 'opened', now }));
}
