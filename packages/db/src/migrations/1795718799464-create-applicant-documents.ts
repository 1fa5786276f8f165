import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `applicant_documents`: what an applicant uploaded in the portal (a photo of an identity document, a selfie, the
 * papers a team asks for), one per kind, the bytes sealed (SEALED_COLUMNS: encrypted with the row's id). Deleted with
 * the applicant.
 */
export class CreateApplicantDocuments1795718799464 implements MigrationInterface {
  readonly name = 'CreateApplicantDocuments1795718799464';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE applicant_documents (
        id uuid PRIMARY KEY,
        applicant_id uuid NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
        partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
        kind text NOT NULL,
        content_type text NOT NULL,
        byte_size integer NOT NULL CHECK (byte_size > 0),
        content bytea NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT applicant_documents_applicant_kind_unique UNIQUE (applicant_id, kind)
      )`);
    await queryRunner.query(`CREATE INDEX applicant_documents_partner_id_idx ON applicant_documents (partner_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE applicant_documents`);
  }
}
