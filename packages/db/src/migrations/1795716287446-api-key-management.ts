import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys become a resource partners manage: each key gets a `name` (keys issued before are named after
 * `svc bootstrap`, which issued them), a `scope` (`read_write`, or `read_only` for keys refused every write), an optional
 * `expires_at` (a rotation ends its predecessor's life there) and its `last_four` characters, shown in lists beside
 * the prefix (null for keys issued before: only their hash was kept).
 */
export class ApiKeyManagement1795716287446 implements MigrationInterface {
  readonly name = 'ApiKeyManagement1795716287446';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys
        ADD COLUMN name text NOT NULL DEFAULT 'svc bootstrap',
        ADD COLUMN scope text NOT NULL DEFAULT 'read_write',
        ADD COLUMN expires_at timestamptz NULL,
        ADD COLUMN last_four text NULL,
        ADD CONSTRAINT api_keys_scope_check CHECK (scope IN ('read_write', 'read_only'))`);
    await queryRunner.query(`ALTER TABLE api_keys ALTER COLUMN name DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys
        DROP CONSTRAINT api_keys_scope_check,
        DROP COLUMN last_four,
        DROP COLUMN expires_at,
        DROP COLUMN scope,
        DROP COLUMN name`);
  }
}
