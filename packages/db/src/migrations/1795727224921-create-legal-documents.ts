import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `legal_documents`: the PDF of each version of a public legal document (the FCRA summary of rights), printed once by
 * a worker and served by every API process. Not personal data: stored in clear. `down` drops it.
 */
export class CreateLegalDocuments1795727224921 implements MigrationInterface {
  readonly name = 'CreateLegalDocuments1795727224921';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE legal_documents (
        document_id text NOT NULL,
        version text NOT NULL,
        pdf bytea NOT NULL,
        rendered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (document_id, version)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE legal_documents`);
  }
}
