import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { Uuidv7Record } from './uuidv7-record.js';

export type CheckExecutionStatus = 'WAITING_ON_CANDIDATE' | 'QUEUED' | 'RUNNING' | 'COMPLETE' | 'FAILED';

/** One requested check of an applicant, run by one `check.run` job. The API shows its id as `check_exec_<id>`. */
@Entity({ name: 'check_executions' })
export class CheckExecution extends Uuidv7Record {
  @Column({ name: 'applicant_id', type: 'uuid' })
  applicantId!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'check_name', type: 'text' })
  checkName!: string;

  @Column({ type: 'text' })
  status!: CheckExecutionStatus;

  /** Attempts of the current run (a retry through the API starts again from 0). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** How many times a partner retried the check after it failed (`POST …/checks/{check_id}/retry/`). */
  @Column({ type: 'integer', default: 0 })
  retries!: number;

  /** Stable id of the result object this check reports into. */
  @Column({ name: 'result_id', type: 'uuid' })
  resultId!: string;

  /** What the provider returned (the simulator's SimulatedCheck), once COMPLETE. Sealed: encrypted JSON at rest. */
  @Column({ type: 'text', nullable: true })
  result!: Record<string, unknown> | null;

  /** Why the check failed (may quote the provider's answer). Sealed. */
  @Column({ type: 'text', nullable: true })
  failure!: string | null;

  @Column({ name: 'queued_at', type: 'timestamptz', nullable: true })
  queuedAt!: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** Who runs the check, decided when it is ordered: `simulator` (made-up results) or a configured provider's name. */
  @Column({ type: 'text' })
  provider!: string;

  /** The provider's reference of the submitted check, while it answers later (by callback or when polled). */
  @Column({ name: 'provider_reference', type: 'text', nullable: true })
  providerReference!: string | null;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt!: Date | null;

  /** A check submitted and still unanswered at this moment times out: FAILED with `provider_timeout`. */
  @Column({ name: 'provider_deadline', type: 'timestamptz', nullable: true })
  providerDeadline!: Date | null;

  /**
   * When the provider should answer the submitted check: its submission plus svc's learned turnaround of that
   * provider for that check (`check_turnarounds`), else the adapter's expected turnaround; never past the deadline.
   */
  @Column({ name: 'estimated_completion_at', type: 'timestamptz', nullable: true })
  estimatedCompletionAt!: Date | null;

  /** The report version this check was ordered for (1, then +1 per upgrade). */
  @Column({ name: 'report_version', type: 'integer', default: 1 })
  reportVersion!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
