import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The applicants a report is still owed to (submitted, `Pending`): the retention job's sweep for overdue reports
 * (`findOverdueReports`) reads them every 5 minutes. A partial index, so it holds only the orders in flight, not the
 * millions returned.
 */
export class ApplicantsAwaitingReport1795898000000 implements MigrationInterface {
  readonly name = 'ApplicantsAwaitingReport1795898000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX applicants_awaiting_report_idx ON applicants (id) WHERE is_submitted AND status = 'Pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX applicants_awaiting_report_idx`);
  }
}
