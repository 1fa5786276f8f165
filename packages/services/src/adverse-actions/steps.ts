import { recordEvent, type NewEvent, recordAudit, type AuditEntry, managerOf, type DbHandle } from '@svc/db';
import type { AdverseAction } from '@svc/db/entities';

/** Who acts, for the audit log. */
export type AdverseActionActor = Pick<AuditEntry, 'actorUserId' | 'actorApiKeyId' | 'ipAddress' | 'requestId'>;

/** The audit log's actions of an adverse action (subject: `adverse_action`). */
export const ADVERSE_ACTION_AUDIT = {
  created: 'adverse_action_created',
  preAdverseNoticeSent: 'adverse_action_pre_adverse_notice_sent',
  disputed: 'adverse_action_disputed',
  disputeResolved: 'adverse_action_dispute_resolved',
  finalNoticeSent: 'adverse_action_final_notice_sent',
  canceled: 'adverse_action_canceled',
} as const;

/** The event of an action's change: identifiers and its state only. */
export const adverseActionEvent = <T extends NewEvent['type'] & `adverse_action.${string}`>(
  action: AdverseAction,
  type: T,
  extra: Record<string, unknown> = {},
): NewEvent =>
  ({
    partnerId: action.partnerId,
    environment: action.environment,
    teamId: action.teamId,
    applicantId: action.applicantId,
    type,
    data: { adverse_action_id: action.id, applicant_id: action.applicantId, state: action.state, ...extra },
  }) as NewEvent;

/** Writes the audit line and the event of an action's step, in the step's transaction. */
export async function recordAdverseActionStep(
  handle: DbHandle,
  {
    action,
    audit,
    event,
    actor,
  }: { action: AdverseAction; audit: string; event: NewEvent; actor: AdverseActionActor | null },
): Promise<void> {
  const manager = managerOf(handle);
  await recordAudit(manager, {
    actorUserId: actor?.actorUserId ?? null,
    actorApiKeyId: actor?.actorApiKeyId ?? null,
    ipAddress: actor?.ipAddress ?? null,
    requestId: actor?.requestId ?? null,
    partnerId: action.partnerId,
    environment: action.environment,
    action: audit,
    subjectType: 'adverse_action',
    subjectId: action.id,
  });
  await recordEvent(manager, event);
}
