import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import type { Environment } from './environment.js';
import { Property } from './property.js';
import { Team } from './team.js';
import { User } from './user.js';
import { Uuidv7Record } from './uuidv7-record.js';

/**
 * A rental listing (document 1, PM) of a property. Amounts are `numeric(12,2)` and stay decimal
 * strings (`"1250.00"`), which is what the API returns. Data: carries its environment, the same as
 * its property's (foreign key).
 */
@Entity({ name: 'listings' })
export class Listing extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @ManyToOne(() => Team, { nullable: false })
  @JoinColumn({ name: 'team_id' })
  team?: Relation<Team>;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @ManyToOne(() => Property, { nullable: false })
  @JoinColumn({ name: 'property_id' })
  property?: Relation<Property>;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { nullable: false })
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<User>;

  /** Name of the listing manager. */
  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text', nullable: true })
  unit!: string | null;

  @Column({ name: 'move_in_date', type: 'timestamptz', nullable: true })
  moveInDate!: Date | null;

  @Column({ name: 'move_in_immediately', type: 'boolean', default: false })
  moveInImmediately!: boolean;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  rent!: string;

  @Column({ name: 'security_deposit_amount', type: 'numeric', precision: 12, scale: 2, nullable: true })
  securityDepositAmount!: string | null;

  @Column({ name: 'pet_deposit_amount', type: 'numeric', precision: 12, scale: 2, nullable: true })
  petDepositAmount!: string | null;

  @Column({ name: 'rent_range', type: 'text', nullable: true })
  rentRange!: string | null;

  @Column({ name: 'pet_deposit', type: 'boolean', default: false })
  petDeposit!: boolean;

  @Column({ name: 'storage_locker', type: 'boolean', default: false })
  storageLocker!: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'is_public', type: 'boolean', default: true })
  isPublic!: boolean;

  @Column({ name: 'is_placeholder', type: 'boolean', default: false })
  isPlaceholder!: boolean;

  @Column({ name: 'use_team_link', type: 'boolean', default: false })
  useTeamLink!: boolean;

  @Column({ name: 'is_psychometric_required', type: 'boolean', default: false })
  isPsychometricRequired!: boolean;

  @Column({ name: 'property_manager_terms', type: 'text', default: '' })
  propertyManagerTerms!: string;

  /** Code of the listing's public application link, unique per partner. */
  @Column({ name: 'url_code', type: 'text' })
  urlCode!: string;

  @Column({ name: 'length_of_lease', type: 'text', nullable: true })
  lengthOfLease!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
