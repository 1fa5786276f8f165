import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import type { AdverseActionState, AdverseItemRecord } from '@svc/contract';
import type { Environment } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

/**
 * An employer's adverse action against an HR applicant: the cited items, the notices and their waiting period, and
 * the applicant's dispute. `items`, `portalToken` and `disputeExplanation` are sealed (encrypted at rest; plaintext here).
 */
@Entity({ name: 'adverse_actions' })
export class AdverseAction extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ name: 'applicant_id', type: 'uuid' })
  applicantId!: string;

  /** The user whose key started it: the dispute email goes to them. */
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ type: 'text' })
  state!: AdverseActionState;

  /** The row of the rules table (`ADVERSE_ACTION_RULES`) that applied when it was created. */
  @Column({ type: 'text' })
  jurisdiction!: string;

  @Column({ name: 'waiting_business_days', type: 'integer' })
  waitingBusinessDays!: number;

  @Column({ type: 'text' })
  language!: 'en' | 'fr';

  /** The report version the items were cited from: the copy the applicant receives. */
  @Column({ name: 'report_version', type: 'integer' })
  reportVersion!: number;

  @Column({ type: 'text' })
  items!: AdverseItemRecord[];

  /** SHA-256 of the applicant's portal token (found by it); the token itself is sealed, for the notices' links. */
  @Column({ name: 'portal_token_hash', type: 'text' })
  portalTokenHash!: string;

  @Column({ name: 'portal_token', type: 'text' })
  portalToken!: string;

  @Column({ name: 'pre_notice_message_id', type: 'uuid', nullable: true })
  preNoticeMessageId!: string | null;

  @Column({ name: 'final_notice_message_id', type: 'uuid', nullable: true })
  finalNoticeMessageId!: string | null;

  @Column({ name: 'final_notice_due_at', type: 'timestamptz', nullable: true })
  finalNoticeDueAt!: Date | null;

  @Column({ name: 'dispute_filed_at', type: 'timestamptz', nullable: true })
  disputeFiledAt!: Date | null;

  @Column({ name: 'dispute_item_ids', type: 'jsonb', nullable: true })
  disputeItemIds!: string[] | null;

  @Column({ name: 'dispute_explanation', type: 'text', nullable: true })
  disputeExplanation!: string | null;

  @Column({ name: 'dispute_outcome', type: 'text', nullable: true })
  disputeOutcome!: 'proceed' | 'cancel' | null;

  @Column({ name: 'dispute_resolved_at', type: 'timestamptz', nullable: true })
  disputeResolvedAt!: Date | null;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}

/** One rendered version of a notice of an adverse action: HTML and the PDF printed from it, both sealed. */
@Entity({ name: 'adverse_action_notices' })
export class AdverseActionNotice extends Uuidv7Record {
  @Column({ name: 'adverse_action_id', type: 'uuid' })
  adverseActionId!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  kind!: 'pre_adverse' | 'final';

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'text' })
  language!: 'en' | 'fr';

  @Column({ type: 'text' })
  html!: string;

  /** The PDF when it is stored in the row (`SVC_STORAGE=postgres`); null when it is in the bucket at `objectKey`. */
  @Column({ type: 'bytea', nullable: true })
  pdf!: Buffer | null;

  /** The key of the sealed PDF in the bucket (`SVC_STORAGE=s3`); null when the row holds it. */
  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey!: string | null;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
