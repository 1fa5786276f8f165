import { queryRows, type Database } from '@svc/db';
import { recordInvitationStep } from './invitation-funnel.js';

/** How many lapsed invitations one sweep marks at most (the next sweep takes the rest). */
const EXPIRY_BATCH = 500;

/**
 * Marks the invitations whose link lapsed without a submission (still `SENT`, `Pending`, past `onboarding_expires_at`)
 * as expired, at their expiry time, each with `invitation.expired` (the retention job's sweep, every 5 minutes). A
 * resend gives a new expiry: an invitation marked expired and resent afterwards keeps its first `expired_at`.
 * Returns how many it marked.
 */
export async function expireLapsedInvitations({ db, now }: { db: Database; now: Date }): Promise<number> {
  return db.transaction(async (manager) => {
    const lapsed = await queryRows<{ id: string; onboarding_expires_at: Date }>(
      manager,
      `SELECT id, onboarding_expires_at FROM applicants
        WHERE report_status = 'SENT' AND status = 'Pending' AND invitation_expired_at IS NULL
          AND onboarding_expires_at <= $1
        ORDER BY onboarding_expires_at LIMIT ${EXPIRY_BATCH} FOR UPDATE SKIP LOCKED`,
      [now],
    );
    for (const { id, onboarding_expires_at: expiredAt } of lapsed)
      await recordInvitationStep(manager, { applicantId: id, step: 'expired', now: new Date(expiredAt) });
    return lapsed.length;
  });
}
