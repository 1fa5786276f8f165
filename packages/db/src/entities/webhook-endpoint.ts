import type { EventType } from '@svc/contract';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import type { Environment } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

/** Why an endpoint stopped getting deliveries without its owner turning it off. */
export type WebhookDisabledReason = 'gone' | 'failing';

/**
 * Where a partner wants its events pushed: an URL, the types it wants (null: all), the team it is limited to (null:
 * the partner's every team) and the environment of the key that created it (demo endpoints get demo events only).
 * The signing secret (`whsec_…`) and, during a rotation's overlap, the previous one are sealed at rest.
 */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpoint extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId!: string | null;

  @Column({ type: 'text' })
  url!: string;

  @Column({ name: 'event_types', type: 'jsonb', nullable: true })
  eventTypes!: EventType[] | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason!: WebhookDisabledReason | null;

  @Column({ type: 'text' })
  secret!: string;

  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** The first failure of the current run of failures; null after a success. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
