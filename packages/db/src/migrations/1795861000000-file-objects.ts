import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables that hold files, with the column of their bytes. */
const FILE_COLUMNS = [
  ['reports', 'pdf'],
  ['adverse_action_notices', 'pdf'],
  ['applicant_documents', 'content'],
] as const;

/**
 * Files may live in an S3-compatible bucket (`SVC_STORAGE=s3`): each table of files gets `object_key`, the key of
 * the sealed object, and its bytes column may be null; exactly one of them is set. `down` refuses while a file is in
 * a bucket (move them back first: `svc storage migrate --to postgres`).
 */
export class FileObjects1795861000000 implements MigrationInterface {
  readonly name = 'FileObjects1795861000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of FILE_COLUMNS) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN object_key text NULL`);
      await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN ${column} DROP NOT NULL`);
      await queryRunner.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_file_place CHECK ((${column} IS NULL) <> (object_key IS NULL))`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of FILE_COLUMNS) {
      const [row] = (await queryRunner.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE object_key IS NOT NULL`,
      )) as [{ n: number }];
      if (row.n > 0)
        throw new Error(
          `${table}: ${row.n} files are in object storage; run \`svc storage migrate --to postgres\` first`,
        );
      await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_one_file_place`);
      await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET NOT NULL`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN object_key`);
    }
  }
}
