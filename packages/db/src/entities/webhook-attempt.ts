import { Column, CreateDateColumn, Entity } from 'typeorm';
import { Uuidv7Record } from './uuidv7-record.js';

/** One attempt to deliver an event to an endpoint: when, what the endpoint answered, how long it took, what failed. */
@Entity({ name: 'webhook_attempts' })
export class WebhookAttempt extends Uuidv7Record {
  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  /** 1 for the first attempt, then one more per retry. */
  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  /** Why it failed without an answer (`timeout`, `refused_address`, `https_required`, `credentials_in_url`, a network error code); never a body. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'boolean' })
  succeeded!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
