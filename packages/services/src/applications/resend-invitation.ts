import { invitationResend, type InvitationResend } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { type Database } from '@svc/db';
import { onboardingExpiry, onboardingLink } from './identifiers.js';
import { queueInvitationMessages, type InvitationSender } from './invitations.js';
import { Applicant, type OutboxMessage, Team, User } from '@svc/db/entities';

/** Whether an applicant's invitation may be sent again now (`can_resend_email`). */
export const invitationResendOf = (
  applicant: Pick<Applicant, 'isQuickScreen' | 'onboardingToken' | 'isSubmitted' | 'reportStatus' | 'invitationSentAt'>,
  now: Date,
): InvitationResend =>
  invitationResend({
    invited: !applicant.isQuickScreen && applicant.onboardingToken !== null,
    submitted: applicant.isSubmitted || applicant.reportStatus !== 'SENT',
    lastSentAt: applicant.invitationSentAt,
    now,
  });

export type ResendRefusal =
  { code: 'not_found' } | { code: 'not_invited' | 'submitted' } | { code: 'too_soon'; availableAt: Date };
export type ResendOutcome =
  { ok: true; value: { onboardingLink: string; messages: OutboxMessage[] } } | { ok: false; refusal: ResendRefusal };

/**
 * Sends an applicant's invitation again (support: `svc applicant resend-invitation`), when `invitationResendOf`
 * allows it: the same link, valid 30 days from now, in new outbox messages with their jobs, in one transaction.
 */
export async function resendInvitation({
  db,
  jobs,
  applicantId,
  publicUrl,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  applicantId: string;
  publicUrl: string;
  now: Date;
}): Promise<ResendOutcome> {
  return db.transaction(async (manager): Promise<ResendOutcome> => {
    const applicant = await manager.findOne(Applicant, {
      where: { id: applicantId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!applicant) return { ok: false, refusal: { code: 'not_found' } };
    const resend = invitationResendOf(applicant, now);
    if (!resend.ok)
      return {
        ok: false,
        refusal:
          resend.reason === 'too_soon'
            ? { code: 'too_soon', availableAt: resend.availableAt }
            : { code: resend.reason },
      };
    const [team, owner] = [
      await manager.findOneOrFail(Team, { where: { id: applicant.teamId }, relations: { superteam: true } }),
      await manager.findOneByOrFail(User, { id: applicant.ownerId }),
    ];
    const expiresAt = onboardingExpiry(now);
    const link = onboardingLink({ publicUrl, token: applicant.onboardingToken as string });
    await manager.update(Applicant, { id: applicant.id }, { onboardingExpiresAt: expiresAt, invitationSentAt: now });
    const messages = await queueInvitationMessages(manager, {
      jobs,
      sender: { team: team as InvitationSender['team'], language: owner.language },
      applicant,
      link,
      expiresAt,
    });
    return { ok: true, value: { onboardingLink: link, messages } };
  });
}
