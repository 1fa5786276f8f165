import { emailBrandingOf, invitationEmail, invitationSms, isPortalLanguage } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { queueOutboxMessages, type NewOutboxMessage } from '../messages/outbox.js';
import { Applicant, type OutboxMessage, type Superteam, Team } from '@svc/db/entities';

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
    language,
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
