import type { EntityManager } from 'typeorm';
import { type OutboxDelivery, recordEvent, inTransaction } from '@svc/db';
import { invitationEvent } from '../applications/events.js';
import { recordInvitationStep } from '../applications/invitation-funnel.js';
import { Applicant, OutboxMessage } from '@svc/db/entities';

/**
 * The steps of a message's delivery (the worker's `message.send`): an attempt started, a delivery or a failure
 * recorded. Only a QUEUED message changes, so a re-delivered job sends nothing twice.
 */

/**
 * Starts an attempt at a QUEUED message: counts it and returns the message. Null when the message is unknown or
 * SENT or FAILED already: a re-delivered job sends nothing twice.
 */
export async function startOutboxDelivery({
  manager,
  outboxMessageId,
}: {
  manager: EntityManager;
  outboxMessageId: string;
}): Promise<OutboxMessage | null> {
  const counted = await manager
    .createQueryBuilder()
    .update(OutboxMessage)
    .set({ attempts: () => 'attempts + 1' })
    .where('id = :outboxMessageId AND status = :queued', { outboxMessageId, queued: 'QUEUED' })
    .execute();
  if (!counted.affected) return null;
  return manager.findOneBy(OutboxMessage, { id: outboxMessageId });
}

/**
 * In one transaction: the message's change (only a QUEUED message changes) and, when it changed an applicant's
 * invitation to SENT or FAILED, its event (`invitation.sent`, `invitation.delivery_failed`).
 */
async function updateQueuedMessage(
  manager: EntityManager,
  {
    outboxMessageId,
    changes,
    funnel,
  }: {
    outboxMessageId: string;
    changes: Partial<OutboxMessage>;
    /** The step of an invitation's funnel this change is, and when. */
    funnel?: { step: 'delivered' | 'bounced'; now: Date } | undefined;
  },
): Promise<void> {
  await inTransaction(manager, async (transaction) => {
    // An invitation's applicant is locked before its message, the order of a cancellation (the applicant, then its
    // unsent invitations deleted): the other way round, a cancellation and this delivery deadlocked, and the
    // cancellation failed.
    if (changes.status === 'SENT' || changes.status === 'FAILED')
      await transaction.query(
        `SELECT 1 FROM applicants WHERE id = (SELECT applicant_id FROM outbox_messages WHERE id = $1) FOR UPDATE`,
        [outboxMessageId],
      );
    const updated = await transaction.update(OutboxMessage, { id: outboxMessageId, status: 'QUEUED' }, changes);
    if (!updated.affected || (changes.status !== 'SENT' && changes.status !== 'FAILED')) return;
    const message = await transaction.findOneBy(OutboxMessage, { id: outboxMessageId });
    if (!message?.applicantId || message.purpose !== 'invitation') return;
    const applicant = await transaction.findOneBy(Applicant, { id: message.applicantId });
    if (!applicant) return;
    const delivered = changes.status === 'SENT';
    await recordEvent(transaction, invitationEvent(applicant, { delivered, channel: message.channel }));
    // The funnel: its first delivery, or a refusal for good (`invitation.delivered`, `invitation.bounced`).
    if (funnel)
      await recordInvitationStep(transaction, { applicantId: applicant.id, ...funnel, channel: message.channel });
  });
}

/** Records a delivery: SENT, how, and when. Only a QUEUED message changes. */
export async function markOutboxMessageSent({
  manager,
  outboxMessageId,
  delivery,
  now,
}: {
  manager: EntityManager;
  outboxMessageId: string;
  delivery: OutboxDelivery;
  now: Date;
}): Promise<void> {
  await updateQueuedMessage(manager, {
    outboxMessageId,
    changes: { status: 'SENT', delivery, sentAt: now, lastError: null },
    funnel: { step: 'delivered', now },
  });
}

/**
 * Records a failed attempt (`reason`: an error code, no personal data); the last one leaves the message FAILED. A
 * bounce (the server refused the recipient for good) is final, and an invitation's records its funnel's `bounced_at`.
 */
export async function recordOutboxFailure({
  manager,
  outboxMessageId,
  reason,
  final,
  bouncedAt,
}: {
  manager: EntityManager;
  outboxMessageId: string;
  reason: string;
  final: boolean;
  /** When the server refused the recipient for good: the message is FAILED at once. */
  bouncedAt?: Date | undefined;
}): Promise<void> {
  await updateQueuedMessage(manager, {
    outboxMessageId,
    changes: { lastError: reason.slice(0, 200), ...(final || bouncedAt ? { status: 'FAILED' as const } : {}) },
    funnel: bouncedAt ? { step: 'bounced', now: bouncedAt } : undefined,
  });
}
