import { applicantNotificationEmail, type ApplicantNotificationKind } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { In, type EntityManager } from 'typeorm';
import { queueOutboxMessages } from '../messages/outbox.js';
import { readInformation } from './information.js';
import { type Applicant, Application, ListingNotificationUser, Team, User } from '@svc/db/entities';

/** The team setting that turns each notification off. */
const SETTING_OF: Record<ApplicantNotificationKind, string> = {
  submitted: 'notify_on_submission',
  report_ready: 'notify_on_report_ready',
};

/** Where a user reads the record: the API's retrieve operation of the applicant's kind. */
const recordUrlOf = (publicUrl: string, applicant: Applicant): string =>
  `${publicUrl.replace(/\/+$/, '')}/api/v1/${applicant.kind === 'PM' ? 'pm' : 'hr'}/applicants/${applicant.id}/`;

/**
 * Emails the ordering user and the users of the application's listing `notification_list` (each once, active users
 * of the partner only) that the applicant submitted or that its report is ready, in each user's language, through the
 * outbox in the caller's transaction: sent if and only if the change commits. The team's setting
 * (`notify_on_submission`, `notify_on_report_ready`; on unless set to false) turns each off.
 */
export async function queueApplicantNotifications(
  manager: EntityManager,
  {
    jobs,
    applicant,
    kind,
    publicUrl,
  }: { jobs: PgBoss; applicant: Applicant; kind: ApplicantNotificationKind; publicUrl: string },
): Promise<void> {
  const team = await manager.findOneBy(Team, { id: applicant.teamId, partnerId: applicant.partnerId });
  if (!team || team.settingsConfig[SETTING_OF[kind]] === false) return;
  const application = await manager.findOneBy(Application, { id: applicant.applicationId });
  const listed = application?.listingId
    ? await manager.findBy(ListingNotificationUser, {
        listingId: application.listingId,
        partnerId: applicant.partnerId,
      })
    : [];
  const userIds = [...new Set([applicant.ownerId, ...listed.map((entry) => entry.userId)])];
  const users = await manager.findBy(User, { id: In(userIds), partnerId: applicant.partnerId, isActive: true });
  const information = readInformation(applicant);
  const applicantName = [information.first_name, information.last_name]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  await queueOutboxMessages(manager, {
    jobs,
    messages: users.map((user) => ({
      partnerId: applicant.partnerId,
      environment: applicant.environment,
      applicantId: applicant.id,
      channel: 'email' as const,
      purpose: 'notification' as const,
      recipient: user.email,
      senderName: null,
      htmlBody: null,
      language: user.language === 'fr' ? ('fr' as const) : ('en' as const),
      ...applicantNotificationEmail({
        kind,
        language: user.language,
        applicantName,
        recordUrl: recordUrlOf(publicUrl, applicant),
      }),
    })),
  });
}
