import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { Uuidv7Record } from './uuidv7-record.js';

/** A preset group of checks and settings of a team (document 1, service collections). Configuration, like templates. */
@Entity({ name: 'service_collections' })
export class ServiceCollection extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'is_quickscreen', type: 'boolean', default: false })
  isQuickscreen!: boolean;

  @Column({ name: 'request_flags', type: 'jsonb' })
  requestFlags!: string[];

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  settings!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
