import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import type { TeamType } from './environment.js';
import { Partner } from './partner.js';
import { Superteam } from './superteam.js';
import { Uuidv7Record } from './uuidv7-record.js';

/** Lower level of the hierarchy; HR or PM. `partnerId` always equals the superteam's. */
@Entity({ name: 'teams' })
export class Team extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @ManyToOne(() => Partner, { nullable: false })
  @JoinColumn({ name: 'partner_id' })
  partner?: Relation<Partner>;

  @Column({ name: 'superteam_id', type: 'uuid' })
  superteamId!: string;

  @ManyToOne(() => Superteam, { nullable: false })
  @JoinColumn({ name: 'superteam_id' })
  superteam?: Relation<Superteam>;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  type!: TeamType;

  @Column({ name: 'pre_pay', type: 'boolean', default: false })
  prePay!: boolean;

  @Column({ name: 'street_address', type: 'text', nullable: true })
  streetAddress!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ name: 'postal_code', type: 'text', nullable: true })
  postalCode!: string | null;

  @Column({ name: 'province_state', type: 'text' })
  provinceState!: string;

  @Column({ name: 'other_province_state', type: 'text', nullable: true })
  otherProvinceState!: string | null;

  @Column({ type: 'text' })
  country!: string;

  @Column({ name: 'accounting_first_name', type: 'text', nullable: true })
  accountingFirstName!: string | null;

  @Column({ name: 'accounting_last_name', type: 'text', nullable: true })
  accountingLastName!: string | null;

  @Column({ name: 'accounting_email', type: 'text', nullable: true })
  accountingEmail!: string | null;

  @Column({ name: 'accounting_email_cc', type: 'text', nullable: true })
  accountingEmailCc!: string | null;

  /** Which checks the team may run and its other settings (document 1, `settings_config`). */
  @Column({ name: 'settings_config', type: 'jsonb', default: () => "'{}'::jsonb" })
  settingsConfig!: Record<string, unknown>;

  /** Decimal prices as strings (document 1, `billing_plan`); may be empty. */
  @Column({ name: 'billing_plan', type: 'jsonb', default: () => "'{}'::jsonb" })
  billingPlan!: Record<string, unknown>;

  @Column({ name: 'compliance_region', type: 'jsonb', nullable: true })
  complianceRegion!: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
