import type { ConsumerReportingAgencyBody } from '@svc/contract';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { Uuidv7Record } from './uuidv7-record.js';

/** The consumer reporting agency of a partner, as a partner admin set it (`PUT /api/v1/consumer-reporting-agency/`). */
export type StoredConsumerReportingAgency = ConsumerReportingAgencyBody & {
  /** When it was set (ISO 8601). */
  readonly modified: string;
};

/** A partner account: the tenant. Superteams, teams and users belong to exactly one partner. */
@Entity({ name: 'partners' })
export class Partner extends Uuidv7Record {
  @Column({ type: 'text' })
  name!: string;

  /** Superteams, teams and users need >= 1.1.0 (DESIGN.md section 4). */
  @Column({ name: 'api_version', type: 'text', default: '1.1.0' })
  apiVersion!: string;

  /** Named by notices and reports; required before a live adverse action. Null until a partner admin sets it. */
  @Column({ name: 'consumer_reporting_agency', type: 'jsonb', nullable: true })
  consumerReportingAgency!: StoredConsumerReportingAgency | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
