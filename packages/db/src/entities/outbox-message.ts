import { Column, CreateDateColumn, Entity } from 'typeorm';
import type { Environment } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

/** An email or SMS to deliver (invitations). Without SMTP it stays here, readable at /dev/outbox in development. */
@Entity({ name: 'outbox_messages' })
export class OutboxMessage extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'applicant_id', type: 'uuid', nullable: true })
  applicantId!: string | null;

  @Column({ type: 'text' })
  channel!: 'email' | 'sms';

  @Column({ type: 'text' })
  recipient!: string;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ name: 'text_body', type: 'text' })
  textBody!: string;

  @Column({ name: 'html_body', type: 'text', nullable: true })
  htmlBody!: string | null;

  @Column({ type: 'text', default: 'QUEUED' })
  status!: 'QUEUED' | 'SENT' | 'FAILED';

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
