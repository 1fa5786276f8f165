import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import type { Environment } from './environment.js';
import { User } from './user.js';
import { Uuidv7Record } from './uuidv7-record.js';

/**
 * An API key of a user. Only a hash of the key is stored (`key_hash`, unique); `prefix` is the
 * non-secret start shown to people (e.g. `svc_live_AbC1`). The environment is the key's own: one
 * user may hold a live and a demo key.
 */
@Entity({ name: 'api_keys' })
export class ApiKey extends Uuidv7Record {
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { nullable: false })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ type: 'text' })
  prefix!: string;

  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
