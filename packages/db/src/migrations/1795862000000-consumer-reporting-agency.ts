import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The consumer reporting agency of a partner (name, postal address, phone, website), which adverse-action notices
 * print and reports name: set by a partner admin, required before a live adverse action. Null until set.
 */
export class ConsumerReportingAgency1795862000000 implements MigrationInterface {
  readonly name = 'ConsumerReportingAgency1795862000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE partners ADD COLUMN consumer_reporting_agency jsonb NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE partners DROP COLUMN consumer_reporting_agency`);
  }
}
