import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `record_changes.written_at`: when a change was written, so the worker's retention job deletes rows an hour old
 * whether or not any API process follows the table (with the read cache off nobody does, and nothing else pruned it).
 */
export class RecordChangesWrittenAt1795318189480 implements MigrationInterface {
  readonly name = 'RecordChangesWrittenAt1795318189480';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE record_changes ADD COLUMN written_at timestamptz NOT NULL DEFAULT clock_timestamp()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE record_changes DROP COLUMN written_at`);
  }
}
