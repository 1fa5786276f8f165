import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueMessageSends } from '../jobs/message-send.js';
import { type Environment, type OutboxChannel, type OutboxPurpose, managerOf, type DbHandle } from '@svc/db';
import { markMessage } from '@svc/domain';
import { OutboxMessage } from '@svc/db/entities';

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
  /** The language the message is written in: a demo message says it is test data in it (default `en`). */
  language?: 'en' | 'fr';
};

/**
 * Writes messages to the outbox and enqueues one `message.send` job each, in the caller's transaction: a message is
 * sent if and only if what it announces is committed. A message of the demo environment says it is test data (its
 * subject, its text, its HTML; `markMessage`), unless its author marked it already (a notice, in its language).
 */
export async function queueOutboxMessages(
  handle: DbHandle,
  { jobs, messages }: { jobs: PgBoss; messages: readonly NewOutboxMessage[] },
): Promise<OutboxMessage[]> {
  const manager = managerOf(handle);
  if (messages.length === 0) return [];
  const saved = await manager.save(
    messages.map(({ language = 'en', ...message }) =>
      manager.create(OutboxMessage, {
        ...(message.environment === 'demo' ? markMessage(message, 'test_data', language) : message),
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

/** The newest messages first, for /dev/outbox. */
export function listOutboxMessages({ db, limit }: { db: DbHandle; limit: number }): Promise<OutboxMessage[]> {
  const manager = managerOf(db);
  return manager.find(OutboxMessage, { order: { created: 'DESC', id: 'DESC' }, take: limit });
}

export function findOutboxMessage({
  db,
  outboxMessageId,
}: {
  db: DbHandle;
  outboxMessageId: string;
}): Promise<OutboxMessage | null> {
  const manager = managerOf(db);
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
