import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import type { Environment } from './environment.js';
import { Superteam } from './superteam.js';
import { Team } from './team.js';
import { Uuidv7Record } from './uuidv7-record.js';

/**
 * A package (document 2): a named set of request flags plus settings, belonging to a team and to
 * that team's superteam (`superteamId` follows the team, ON UPDATE CASCADE). Data: carries its
 * environment.
 */
@Entity({ name: 'packages' })
export class Package extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'superteam_id', type: 'uuid' })
  superteamId!: string;

  @ManyToOne(() => Superteam, { nullable: false })
  @JoinColumn({ name: 'superteam_id' })
  superteam?: Relation<Superteam>;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @ManyToOne(() => Team, { nullable: false })
  @JoinColumn({ name: 'team_id' })
  team?: Relation<Team>;

  @Column({ type: 'text' })
  name!: string;

  /** Request flag names (`request_softcheck`, …). */
  @Column({ name: 'request_flags', type: 'jsonb', default: () => "'[]'::jsonb" })
  requestFlags!: string[];

  /** Package `settings` (document 2), as the contract's packageSettingsSchema. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  settings!: Record<string, unknown>;

  /** The team's default package in its environment (one per team and environment): what an order naming no check runs. */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
