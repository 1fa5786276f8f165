import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which provider runs each check (decided when it is ordered: the simulator in demo, a configured provider in live),
 * and where a check submitted to a provider stands: its reference there, when it was submitted and by when it must
 * answer. Every check before this migration ran the simulator. The callback lookup finds a check by its provider and
 * reference.
 */
export class CheckProviders1795716320306 implements MigrationInterface {
  readonly name = 'CheckProviders1795716320306';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE check_executions
      ADD COLUMN provider text NOT NULL DEFAULT 'simulator',
      ADD COLUMN provider_reference text NULL,
      ADD COLUMN submitted_at timestamptz NULL,
      ADD COLUMN provider_deadline timestamptz NULL`);
    await queryRunner.query(`ALTER TABLE check_executions ALTER COLUMN provider DROP DEFAULT`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX check_executions_provider_reference_key ON check_executions (provider, provider_reference) WHERE provider_reference IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX check_executions_provider_deadline_idx ON check_executions (provider_deadline) WHERE status = 'RUNNING' AND provider_reference IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX check_executions_provider_deadline_idx`);
    await queryRunner.query(`DROP INDEX check_executions_provider_reference_key`);
    await queryRunner.query(`ALTER TABLE check_executions
      DROP COLUMN provider_deadline, DROP COLUMN submitted_at, DROP COLUMN provider_reference, DROP COLUMN provider`);
  }
}
