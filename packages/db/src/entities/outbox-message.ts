import { Column, CreateDateColumn, Entity } from 'typeorm';
import type { Environment } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

export type OutboxChannel = 'email' | 'sms';
export type OutboxStatus = 'QUEUED' | 'SENT' | 'FAILED';
/** How a SENT message went out: through SMTP, or into this table only (no SMTP configured; the SMS default). */
export type OutboxDelivery = 'smtp' | 'outbox';
/** What a message is for: an applicant's invitation, a notification to a user of the team, or an adverse-action
 * notice to an applicant. */
export type OutboxPurpose = 'invitation' | 'notification' | 'adverse_action_notice';

/**
 * An email or SMS to deliver (invitations), sent by one `message.send` job. Without SMTP it stays here, marked
 * delivered to the outbox, readable at /dev/outbox in development. The recipient, subject and bodies (which carry the onboarding link) are sealed: encrypted at rest with the
 * row's id, plaintext here.
 */
@Entity({ name: 'outbox_messages' })
export class OutboxMessage extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'applicant_id', type: 'uuid', nullable: true })
  applicantId!: string | null;

  @Column({ type: 'text' })
  channel!: OutboxChannel;

  @Column({ type: 'text', default: 'invitation' })
  purpose!: OutboxPurpose;

  @Column({ type: 'text' })
  recipient!: string;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  /** Display name of the sender: the organisation when the team white-labels its emails, else svc. */
  @Column({ name: 'sender_name', type: 'text', nullable: true })
  senderName!: string | null;

  @Column({ name: 'text_body', type: 'text' })
  textBody!: string;

  @Column({ name: 'html_body', type: 'text', nullable: true })
  htmlBody!: string | null;

  @Column({ type: 'text', default: 'QUEUED' })
  status!: OutboxStatus;

  @Column({ type: 'text', nullable: true })
  delivery!: OutboxDelivery | null;

  /** Why the last attempt failed: an error code or SMTP status, never an address or a body. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
