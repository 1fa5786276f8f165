import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency that survives a crashed API process:
 * - `idempotency_records.locked_until`: a request holds its key until then; a key whose request died with its
 *   process (no response stored, lease passed) is taken over by the client's retry instead of blocking for 24 h;
 * - `applications.order_api_key_id` / `order_idempotency_key`: an order remembers the key it was placed with, in
 *   its own transaction, so a retry whose first attempt committed but never answered finds it instead of ordering
 *   again (unique per API key).
 */
export class IdempotencyLeaseAndOrderKeys1795318189000 implements MigrationInterface {
  readonly name = 'IdempotencyLeaseAndOrderKeys1795318189000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_records ADD COLUMN locked_until timestamptz NULL`);
    await queryRunner.query(
      `ALTER TABLE applications ADD COLUMN order_api_key_id uuid NULL, ADD COLUMN order_idempotency_key text NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX applications_order_idempotency_key ON applications (order_api_key_id, order_idempotency_key) WHERE order_idempotency_key IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX applications_order_idempotency_key`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN order_idempotency_key, DROP COLUMN order_api_key_id`);
    await queryRunner.query(`ALTER TABLE idempotency_records DROP COLUMN locked_until`);
  }
}
