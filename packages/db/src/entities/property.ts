import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import type { Environment } from './environment.js';
import { Team } from './team.js';
import { User } from './user.js';
import { Uuidv7Record } from './uuidv7-record.js';

export const PROPERTY_STATUSES = ['N', 'V'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** A rental property (document 1, PM) of a team, assigned to a user (`owner`). Data: carries its environment. */
@Entity({ name: 'properties' })
export class Property extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @ManyToOne(() => Team, { nullable: false })
  @JoinColumn({ name: 'team_id' })
  team?: Relation<Team>;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { nullable: false })
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<User>;

  @Column({ type: 'text', default: 'N' })
  status!: PropertyStatus;

  @Column({ type: 'text', nullable: true })
  building!: string | null;

  @Column({ name: 'building_code', type: 'text', nullable: true })
  buildingCode!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ name: 'province_state', type: 'text' })
  provinceState!: string;

  @Column({ type: 'text' })
  country!: string;

  @Column({ name: 'postal_code', type: 'text', nullable: true })
  postalCode!: string | null;

  @Column({ type: 'text', nullable: true })
  county!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Code of the property's public application link (a UUIDv7, unique). */
  @Column({ name: 'url_code', type: 'uuid' })
  urlCode!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
