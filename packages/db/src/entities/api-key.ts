import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import type { Environment } from './environment.js';
import { User } from './user.js';
import { Uuidv7Record } from './uuidv7-record.js';

/** What a key may do: everything its user may, or only read (every write answers 403 `insufficient_scope`). */
export const API_KEY_SCOPES = ['read_write', 'read_only'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

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

  /** What the key is for, chosen by whoever issued it ("CRM integration"). */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  scope!: ApiKeyScope;

  @Column({ type: 'text' })
  prefix!: string;

  /** The key's last four characters, shown beside the prefix; null for keys issued before they were kept. */
  @Column({ name: 'last_four', type: 'text', nullable: true })
  lastFour!: string | null;

  /** After this the key answers 401; set when issued with an expiry, or by a rotation to the end of its overlap. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
