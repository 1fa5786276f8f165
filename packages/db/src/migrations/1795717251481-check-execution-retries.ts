import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `check_executions.retries`: how many times a partner retried a failed check (`POST …/checks/{check_id}/retry/`).
 * A retry starts the check's attempts again from 0 (it gets the worker's retries anew), so the attempts no longer
 * tell a retried run from the first: this column does, for the provider and the audit.
 */
export class CheckExecutionRetries1795717251481 implements MigrationInterface {
  readonly name = 'CheckExecutionRetries1795717251481';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE check_executions ADD COLUMN retries integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE check_executions DROP COLUMN retries`);
  }
}
