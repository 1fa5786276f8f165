import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueMessageSends } from '../applications/jobs.js';
import type { Environment } from '../entities/environment.js';
import { Applicant } from '../entities/applicant.js';
import {
  OutboxMessage,
  type OutboxChannel,
  type OutboxDelivery,
  type OutboxPurpose,
} from '../entities/outbox-message.js';
import { invitationEvent } from '../applications/events.js';
import { recordEvent } from '../events/record.js';
import { inTransaction } from '../repositories/common.js';

/** A message to send, as its author writes it. */
export type NewOutboxMessage = {
  partnerId: string;
  environment: Environment;
  applicantId: string | null;
  channel: OutboxChannel;
  /** Default `invitation`. */
  purpose?: OutboxPurpose;
  recipient: string;
  senderName: string | null;
  subject: string | null;
  textBody: string;
  htmlBody: string | null;
};

/**
 * Writes messages to the outbox and enqueues one `message.send` job each, in the caller's transaction: a message is
 * sent if and only if what it announces is committed.
 */
export async function queueOutboxMessages(
  manager: EntityManager,
  { jobs, messages }: { jobs: PgBoss; messages: readonly NewOutboxMessage[] },
): Promise<OutboxMessage[]> {
  if (messages.length === 0) return [];
  const saved = await manager.save(
    messages.map((message) =>
      manager.create(OutboxMessage, {
        ...message,
        status: 'QUEUED',
        attempts: 0,
        sentAt: null,
        delivery: null,
        lastError: null,
      }),
    ),
  );
  await enqueueMessageSends({ jobs, transaction: manager, outboxMessageIds: saved.map((message) => message.id) });
  return saved;
}

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
  { outboxMessageId, changes }: { outboxMessageId: string; changes: Partial<OutboxMessage> },
): Promise<void> {
  await inTransaction(manager, async (transaction) => {
    const updated = await transaction.update(OutboxMessage, { id: outboxMessageId, status: 'QUEUED' }, changes);
    if (!updated.affected || (changes.status !== 'SENT' && changes.status !== 'FAILED')) return;
    const message = await transaction.findOneBy(OutboxMessage, { id: outboxMessageId });
    if (!message?.applicantId || message.purpose !== 'invitation') return;
    const applicant = await transaction.findOneBy(Applicant, { id: message.applicantId });
    if (!applicant) return;
    await recordEvent(
      transaction,
      invitationEvent(applicant, { delivered: changes.status === 'SENT', channel: message.channel }),
    );
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
  });
}

/** Records a failed attempt (`reason`: an error code, no personal data); the last one leaves the message FAILED. */
export async function recordOutboxFailure({
  manager,
  outboxMessageId,
  reason,
  final,
}: {
  manager: EntityManager;
  outboxMessageId: string;
  reason: string;
  final: boolean;
}): Promise<void> {
  await updateQueuedMessage(manager, {
    outboxMessageId,
    changes: { lastError: reason.slice(0, 200), ...(final ? { status: 'FAILED' as const } : {}) },
  });
}

/** The newest messages first, for /dev/outbox. */
export function listOutboxMessages({
  manager,
  limit,
}: {
  manager: EntityManager;
  limit: number;
}): Promise<OutboxMessage[]> {
  return manager.find(OutboxMessage, { order: { created: 'DESC', id: 'DESC' }, take: limit });
}

export function findOutboxMessage({
  manager,
  outboxMessageId,
}: {
  manager: EntityManager;
  outboxMessageId: string;
}): Promise<OutboxMessage | null> {
  return manager.findOneBy(OutboxMessage, { id: outboxMessageId });
}

/** Every message of one applicant, oldest first. */
export function outboxMessagesOfApplicant({
  manager,
  applicantId,
}: {
  manager: EntityManager;
  applicantId: string;
}): Promise<OutboxMessage[]> {
  return manager.find(OutboxMessage, { where: { applicantId }, order: { created: 'ASC', id: 'ASC' } });
}
