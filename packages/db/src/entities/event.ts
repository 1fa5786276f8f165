import type { EventType } from '@svc/contract';
import { Column, Entity } from 'typeorm';
import type { Environment } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

/**
 * Something that happened to a partner's records (`recordEvent`), written in the transaction of the change it
 * reports, kept 30 days (`retention.prune`). `data` holds identifiers and statuses only (the contract's
 * `eventDataSchemas`): never personal data, so it is stored in clear.
 */
@Entity({ name: 'events' })
export class Event extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  /** The team whose users see the event; null for an event of the partner as a whole. */
  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId!: string | null;

  /** The applicant the event is about, if any (the `applicant_id` filter). */
  @Column({ name: 'applicant_id', type: 'uuid', nullable: true })
  applicantId!: string | null;

  @Column({ type: 'text' })
  type!: EventType;

  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created!: Date;

  /** Not yet fanned out to webhook endpoints (the worker's fan-out clears it). */
  @Column({ name: 'webhooks_pending', type: 'boolean', default: true })
  webhooksPending!: boolean;

  /** The trace context (`traceparent`) of the span it was recorded in, when tracing is on: its webhooks continue it. */
  @Column({ name: 'trace_context', type: 'jsonb', nullable: true })
  traceContext!: Record<string, string> | null;
}
