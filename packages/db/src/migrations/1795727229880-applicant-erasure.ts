import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Erasure of an applicant (`DELETE …/applicants/{id}/`, `applications/erasure.ts`): the status `Erased`, and who
 * erased the applicant when (`erased_at`, `erased_by`: the anonymous record keeps them). `down` turns erased
 * applicants into returned ones without a report (their personal data stays erased) and drops the columns.
 */
export class ApplicantErasure1795727229880 implements MigrationInterface {
  readonly name = 'ApplicantErasure1795727229880';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicants DROP CONSTRAINT applicants_status_check`);
    await queryRunner.query(
      `ALTER TABLE applicants ADD CONSTRAINT applicants_status_check CHECK (status IN ('Pending', 'Returned', 'Erased')),
         ADD COLUMN erased_at timestamptz NULL, ADD COLUMN erased_by uuid NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE applicants SET status = 'Returned', report_status = 'COMPLETE', order_status = 'COMPLETE' WHERE status = 'Erased'`,
    );
    await queryRunner.query(`ALTER TABLE applicants DROP CONSTRAINT applicants_status_check`);
    await queryRunner.query(
      `ALTER TABLE applicants ADD CONSTRAINT applicants_status_check CHECK (status IN ('Pending', 'Returned')),
         DROP COLUMN erased_at, DROP COLUMN erased_by`,
    );
  }
}
