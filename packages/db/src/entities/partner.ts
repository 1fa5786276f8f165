import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { Uuidv7Record } from './uuidv7-record.js';

/** A partner account: the tenant. Superteams, teams and users belong to exactly one partner. */
@Entity({ name: 'partners' })
export class Partner extends Uuidv7Record {
  @Column({ type: 'text' })
  name!: string;

  /** Superteams, teams and users need >= 1.1.0 (DESIGN.md section 4). */
  @Column({ name: 'api_version', type: 'text', default: '1.1.0' })
  apiVersion!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
