import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Compaction of the applicant change feed (`applicant_changes`, which grew by a row per change for ever): each row
 * gets `written_at` (its transaction's start), and `applicant_changes_compaction` holds how far the compaction has
 * read (`compacted_through`, a position; one row). The retention job deletes the changes of an applicant that a later
 * change of it, older than `SVC_APPLICANT_CHANGES_RETENTION_DAYS`, supersedes (`compactApplicantChanges`): the feed
 * answers every applicant as it is now, so a superseded change tells no reader anything. Rows written before count as
 * written now. `down` drops both.
 */
export class ApplicantChangesCompaction1795896000000 implements MigrationInterface {
  readonly name = 'ApplicantChangesCompaction1795896000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicant_changes ADD COLUMN written_at timestamptz NOT NULL DEFAULT now()`);
    await queryRunner.query(
      `CREATE TABLE applicant_changes_compaction (
         id boolean PRIMARY KEY DEFAULT true CHECK (id),
         compacted_through bigint NOT NULL
       )`,
    );
    await queryRunner.query(`INSERT INTO applicant_changes_compaction (compacted_through) VALUES (0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE applicant_changes_compaction`);
    await queryRunner.query(`ALTER TABLE applicant_changes DROP COLUMN written_at`);
  }
}
