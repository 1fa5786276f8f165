import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { Partner } from './partner.js';
import { Uuidv7Record } from './uuidv7-record.js';

/** Upper level of the team hierarchy (document 2). */
@Entity({ name: 'superteams' })
export class Superteam extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @ManyToOne(() => Partner, { nullable: false })
  @JoinColumn({ name: 'partner_id' })
  partner?: Relation<Partner>;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'is_secure_sms_enabled', type: 'boolean', default: false })
  isSecureSmsEnabled!: boolean;

  @Column({ name: 'is_report_id_enabled', type: 'boolean', default: false })
  isReportIdEnabled!: boolean;

  @Column({ name: 'street_address', type: 'text' })
  streetAddress!: string;

  @Column({ type: 'text' })
  city!: string;

  @Column({ name: 'postal_code', type: 'text' })
  postalCode!: string;

  @Column({ name: 'province_state', type: 'text' })
  provinceState!: string;

  @Column({ name: 'other_province_state', type: 'text', nullable: true })
  otherProvinceState!: string | null;

  @Column({ type: 'text' })
  country!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
