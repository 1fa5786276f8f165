import { hashOnboardingToken } from '../applications/identifiers.js';
import type { PgBoss } from 'pg-boss';
import { type Database } from '@svc/db';
import { queueOutboxMessages } from '../messages/outbox.js';
import { ADVERSE_ACTION_AUDIT, adverseActionEvent, recordAdverseActionStep } from './steps.js';
import { AdverseAction, User } from '@svc/db/entities';

export type DisputeOutcome =
  { ok: true; action: AdverseAction } | { ok: false; refusal: 'not_found' | 'not_disputable' | 'unknown_items' };

/** Where the ordering user reads the action: the API's retrieve operation. */
const actionUrlOf = (publicUrl: string, action: AdverseAction) =>
  `${publicUrl.replace(/\/+$/, '')}/api/v1/hr/applicants/${action.applicantId}/adverse-actions/${action.id}/`;

/**
 * The applicant disputes cited items (portal): in one transaction with the action locked, an `awaiting_final` action
 * becomes `disputed` (its final-notice job then finds it so and sends nothing), the user who started it is emailed a
 * link to the action (no personal data in the email), and the audit log and an event record it.
 */
export async function fileAdverseDispute({
  db,
  jobs,
  token,
  itemIds,
  explanation,
  now,
  publicUrl,
  ipAddress,
}: {
  db: Database;
  jobs: PgBoss;
  token: string;
  itemIds: readonly string[];
  explanation: string;
  now: Date;
  publicUrl: string;
  ipAddress: string | null;
}): Promise<DisputeOutcome> {
  return db.transaction(async (manager): Promise<DisputeOutcome> => {
    const action = await manager.findOne(AdverseAction, {
      where: { portalTokenHash: hashOnboardingToken(token) },
      lock: { mode: 'pessimistic_write' },
    });
    if (!action) return { ok: false, refusal: 'not_found' };
    if (action.state !== 'awaiting_final') return { ok: false, refusal: 'not_disputable' };
    const cited = new Set(action.items.map((item) => item.id));
    if (itemIds.length === 0 || itemIds.some((id) => !cited.has(id))) return { ok: false, refusal: 'unknown_items' };
    Object.assign(action, {
      state: 'disputed',
      disputeFiledAt: now,
      disputeItemIds: [...new Set(itemIds)],
      disputeExplanation: explanation,
    } satisfies Partial<AdverseAction>);
    await manager.save(action);
    const user = action.createdByUserId
      ? await manager.findOneBy(User, { id: action.createdByUserId, partnerId: action.partnerId, isActive: true })
      : null;
    if (user) {
      const fr = user.language === 'fr';
      await queueOutboxMessages(manager, {
        jobs,
        messages: [
          {
            partnerId: action.partnerId,
            environment: action.environment,
            applicantId: action.applicantId,
            channel: 'email',
            purpose: 'notification',
            recipient: user.email,
            senderName: null,
            htmlBody: null,
            subject: fr ? 'Un candidat conteste un avis préalable' : 'An applicant disputes a pre-adverse notice',
            textBody: fr
              ? `Le candidat conteste des éléments cités dans l’avis préalable. L’avis final attend votre décision : résolvez la contestation par l’API (resolve).\n\nAction : ${actionUrlOf(publicUrl, action)}\n`
              : `The applicant disputes items cited in the pre-adverse notice. The final notice waits for your decision: resolve the dispute through the API (resolve).\n\nAction: ${actionUrlOf(publicUrl, action)}\n`,
          },
        ],
      });
    }
    await recordAdverseActionStep(manager, {
      action,
      audit: ADVERSE_ACTION_AUDIT.disputed,
      event: adverseActionEvent(action, 'adverse_action.disputed'),
      actor: { actorUserId: null, actorApiKeyId: null, ipAddress, requestId: null },
    });
    return { ok: true, action };
  });
}
