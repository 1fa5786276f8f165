import {
  emailBrandingOf,
  invitationEmail,
  invitationResend,
  invitationSms,
  isPortalLanguage,
  type InvitationResend,
} from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { Applicant } from '../entities/applicant.js';
import type { OutboxMessage } from '../entities/outbox-message.js';
import type { Superteam } from '../entities/superteam.js';
import { Team } from '../entities/team.js';
import { User } from '../entities/user.js';
import { queueOutboxMessages, type NewOutboxMessage } from '../messages/outbox.js';
import { onboardingExpiry, onboardingLink } from './identifiers.js';

/** Who invites: the application's team (its white-label settings, its superteam's SMS setting) and the owner's language. */
export type InvitationSender = { team: Team & { superteam: Superteam }; language: string };

/** The applicant's own pre-filled first name: an invitation never names anyone else. */
const firstNameOf = (applicant: Applicant): string | null => {
  const name = applicant.information.first_name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
};

/**
 * The invitation email of one applicant (and an SMS when the superteam has SMS enabled and a phone number was
 * given), written to the outbox with one `message.send` job each, in the caller's transaction. The text is in the
 * inviting user's language and shaped by the team's white-label settings.
 */
export async function queueInvitationMessages(
  manager: EntityManager,
  {
    jobs,
    sender,
    applicant,
    link,
    expiresAt,
  }: { jobs: PgBoss; sender: InvitationSender; applicant: Applicant; link: string; expiresAt: Date },
): Promise<OutboxMessage[]> {
  const language = isPortalLanguage(sender.language) ? sender.language : 'en';
  const branding = emailBrandingOf({ settings: sender.team.settingsConfig, teamName: sender.team.name });
  const content = {
    language,
    branding,
    firstName: firstNameOf(applicant),
    link,
    expiresOn: expiresAt.toISOString().slice(0, 10),
    isCosigner: applicant.isCosigner,
  };
  const email = invitationEmail(content);
  const common = {
    partnerId: applicant.partnerId,
    environment: applicant.environment,
    applicantId: applicant.id,
    senderName: email.senderName,
  };
  const messages: NewOutboxMessage[] = [
    {
      ...common,
      channel: 'email',
      recipient: applicant.email,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    },
  ];
  if (sender.team.superteam.isSecureSmsEnabled && applicant.phoneNumber) {
    messages.push({
      ...common,
      channel: 'sms',
      recipient: applicant.phoneNumber.number,
      subject: null,
      textBody: invitationSms(content),
      htmlBody: null,
    });
  }
  return queueOutboxMessages(manager, { jobs, messages });
}

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
