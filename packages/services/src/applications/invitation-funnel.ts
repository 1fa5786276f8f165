import type { EntityManager } from 'typeorm';
import { queryRows, recordEvent, type NewEvent } from '@svc/db';

/** A step of an invitation's funnel, its column on the applicant and its event. */
const STEPS = {
  delivered: { column: 'invitation_delivered_at', event: 'invitation.delivered' },
  bounced: { column: 'invitation_bounced_at', event: 'invitation.bounced' },
  opened: { column: 'invitation_opened_at', event: 'invitation.opened' },
  started: { column: 'invitation_started_at', event: 'invitation.started' },
  expired: { column: 'invitation_expired_at', event: 'invitation.expired' },
} as const;
export type InvitationStep = keyof typeof STEPS;

type StepOwner = {
  id: string;
  partner_id: string;
  environment: string;
  team_id: string;
  external_id: string | null;
  metadata: Record<string, string> | null;
};

/**
 * Records that an invited applicant's invitation reached `step` at `now`, in the caller's transaction: the first time
 * only (the column is written where it is null), with its event (`invitation.<step>`); later calls change nothing
 * (null). `channel` names the message for `delivered` and `bounced`. A quick-screened applicant has no invitation.
 */
export async function recordInvitationStep(
  manager: EntityManager,
  {
    applicantId,
    step,
    now,
    channel,
  }: { applicantId: string; step: InvitationStep; now: Date; channel?: 'email' | 'sms' | undefined },
): Promise<{ partnerId: string } | null> {
  const { column, event } = STEPS[step];
  const [marked] = await queryRows<StepOwner>(
    manager,
    `UPDATE applicants SET ${column} = $2 WHERE id = $1 AND ${column} IS NULL AND NOT is_quick_screen
      RETURNING id, partner_id, environment, team_id, external_id, metadata`,
    [applicantId, now],
  );
  if (!marked) return null;
  const about = {
    partnerId: marked.partner_id,
    environment: marked.environment,
    teamId: marked.team_id,
    applicantId: marked.id,
  };
  const ids = { external_id: marked.external_id, metadata: marked.metadata ?? {} };
  await recordEvent(
    manager,
    (event === 'invitation.delivered' || event === 'invitation.bounced'
      ? { ...about, type: event, data: { applicant_id: marked.id, channel: channel ?? 'email', ...ids } }
      : { ...about, type: event, data: { applicant_id: marked.id, ...ids } }) as NewEvent<typeof event>,
  );
  return { partnerId: marked.partner_id };
}
