import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import type { UserLanguage } from './environment.js';
import { Partner } from './partner.js';
import { Team } from './team.js';
import { Uuidv7Record } from './uuidv7-record.js';

/**
 * A person using the API. `partnerId` always equals the team's. The email is unique within the partner,
 * case-insensitively (`(partner_id, lower(email))` index), so look users up by partner and
 * `lower(email) = lower(:email)`.
 */
@Entity({ name: 'users' })
export class User extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @ManyToOne(() => Partner, { nullable: false })
  @JoinColumn({ name: 'partner_id' })
  partner?: Relation<Partner>;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @ManyToOne(() => Team, { nullable: false })
  @JoinColumn({ name: 'team_id' })
  team?: Relation<Team>;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', default: 'en' })
  language!: UserLanguage;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'is_partner_admin', type: 'boolean', default: false })
  isPartnerAdmin!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
