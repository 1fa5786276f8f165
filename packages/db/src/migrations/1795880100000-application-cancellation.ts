import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cancellation of an application (`POST …/applicants/{id}/cancel/`, and `DELETE …/applicants/{id}/`, which no longer
 * erases; `applications/cancel.ts`): the status `Cancelled`, and who cancelled it when and why. `down` makes cancelled
 * applicants `Returned` without a report, as the erasure migration's `down` does, and drops the columns.
 */
export class ApplicationCancellation1795880100000 implements MigrationInterface {
  readonly name = 'ApplicationCancellation1795880100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicants DROP CONSTRAINT applicants_status_check`);
    await queryRunner.query(
      `ALTER TABLE applicants
         ADD CONSTRAINT applicants_status_check CHECK (status IN ('Pending', 'Returned', 'Cancelled', 'Erased')),
         ADD COLUMN cancelled_at timestamptz NULL, ADD COLUMN cancelled_by uuid NULL,
         ADD COLUMN cancellation_reason text NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE applicants SET status = 'Returned', report_status = 'COMPLETE', order_status = 'COMPLETE'
        WHERE status = 'Cancelled'`,
    );
    await queryRunner.query(`ALTER TABLE applicants DROP CONSTRAINT applicants_status_check`);
    await queryRunner.query(
      `ALTER TABLE applicants
         ADD CONSTRAINT applicants_status_check CHECK (status IN ('Pending', 'Returned', 'Erased')),
         DROP COLUMN cancelled_at, DROP COLUMN cancelled_by, DROP COLUMN cancellation_reason`,
    );
  }
}
