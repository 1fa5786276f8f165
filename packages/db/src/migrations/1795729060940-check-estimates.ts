import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a check submitted to a provider should be answered (`estimated_completion_at`, set at its submission), and
 * what svc learned of each provider's turnaround from the checks it completed (`check_turnarounds`, refreshed by the
 * retention job from the last 30 days). The partial index serves that refresh: checks that waited on a provider.
 */
export class CheckEstimates1795729060940 implements MigrationInterface {
  readonly name = 'CheckEstimates1795729060940';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE check_executions ADD COLUMN estimated_completion_at timestamptz NULL`);
    await queryRunner.query(
      `CREATE INDEX check_executions_provider_finished ON check_executions (finished_at)
        WHERE submitted_at IS NOT NULL AND status = 'COMPLETE'`,
    );
    await queryRunner.query(`
      CREATE TABLE check_turnarounds (
        check_name text NOT NULL,
        provider text NOT NULL,
        median_ms bigint NOT NULL CHECK (median_ms >= 0),
        samples integer NOT NULL,
        computed_at timestamptz NOT NULL,
        CONSTRAINT check_turnarounds_pkey PRIMARY KEY (check_name, provider)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE check_turnarounds`);
    await queryRunner.query(`DROP INDEX check_executions_provider_finished`);
    await queryRunner.query(`ALTER TABLE check_executions DROP COLUMN estimated_completion_at`);
  }
}
