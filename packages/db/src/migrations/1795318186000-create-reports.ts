import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rendered reports (DESIGN.md section 7): one row per applicant and report version, holding the HTML that
 * `web/` returns and the PDF Chromium printed from it, written in the transaction that makes the applicant
 * `Returned`. An upgrade adds a version; earlier versions stay (what a client downloaded remains reproducible).
 * `applicants.report_claimed_until` lets one worker at a time render an applicant's report.
 */
export class CreateReports1795318186000 implements MigrationInterface {
  readonly name = 'CreateReports1795318186000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reports (
        id uuid PRIMARY KEY,
        applicant_id uuid NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
        partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
        environment text NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        html text NOT NULL,
        pdf bytea NOT NULL,
        page_size text NOT NULL CHECK (page_size IN ('A4', 'Letter')),
        file_name text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reports_applicant_version_unique UNIQUE (applicant_id, version)
      )`);
    await queryRunner.query(`CREATE INDEX reports_partner_id_idx ON reports (partner_id)`);
    await queryRunner.query(`ALTER TABLE applicants ADD COLUMN report_claimed_until timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicants DROP COLUMN report_claimed_until`);
    await queryRunner.query(`DROP TABLE reports`);
  }
}
