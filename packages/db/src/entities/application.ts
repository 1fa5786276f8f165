import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import type { Environment, TeamType } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

/** One order of a team: one applicant (HR) or several (PM grouped applicants). Data: carries its environment. */
@Entity({ name: 'applications' })
export class Application extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text' })
  kind!: TeamType;

  @Column({ name: 'listing_id', type: 'uuid', nullable: true })
  listingId!: string | null;

  /** The applicant's email as ordered. Sealed: encrypted at rest with the row's id, plaintext here. */
  @Column({ type: 'text' })
  email!: string;

  /** The partner's label of the order. Sealed: a label may name the applicant. */
  @Column({ type: 'text', nullable: true })
  tag!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** The API key and `Idempotency-Key` the order was placed with (unique together): a retry finds the order. */
  @Column({ name: 'order_api_key_id', type: 'uuid', nullable: true })
  orderApiKeyId!: string | null;

  @Column({ name: 'order_idempotency_key', type: 'text', nullable: true })
  orderIdempotencyKey!: string | null;

  /** The integrator's own id of the order (unique per team and environment); not personal data by contract. */
  @Column({ name: 'external_id', type: 'text', nullable: true })
  externalId!: string | null;

  /** The integrator's string map of the order; not personal data by contract. */
  @Column({ type: 'jsonb', nullable: true })
  metadata!: Record<string, string> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
