import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the API keeps about requests, shared by every API process:
 * - `idempotency_records`: the first response to an `Idempotency-Key`, replayed for 24 hours;
 * - `rate_limit_counters`: requests per API key per one-minute window;
 * - `audit_log`: who did what to which record, when and from where (report accesses, administration).
 */
export class CreateRequestRecords1795318185600 implements MigrationInterface {
  readonly name = 'CreateRequestRecords1795318185600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idempotency_records (
        api_key_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        response_status integer NULL,
        response_body text NULL,
        response_headers jsonb NULL,
        created timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT idempotency_records_pkey PRIMARY KEY (api_key_id, idempotency_key),
        CONSTRAINT idempotency_records_api_key_id_fkey FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX idempotency_records_expires_at_idx ON idempotency_records (expires_at)`);

    await queryRunner.query(`
      CREATE TABLE rate_limit_counters (
        api_key_id uuid NOT NULL,
        window_start timestamptz NOT NULL,
        request_count integer NOT NULL,
        CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (api_key_id, window_start),
        CONSTRAINT rate_limit_counters_api_key_id_fkey FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE audit_log (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        actor_user_id uuid NULL,
        actor_api_key_id uuid NULL,
        action text NOT NULL,
        subject_type text NOT NULL,
        subject_id text NOT NULL,
        ip_address text NULL,
        request_id text NULL,
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT audit_log_pkey PRIMARY KEY (id),
        CONSTRAINT audit_log_environment_check CHECK (environment IN ('live', 'demo')),
        CONSTRAINT audit_log_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES partners (id)
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_partner_id_created_idx ON audit_log (partner_id, created)`);
    await queryRunner.query(`CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE audit_log`);
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
    await queryRunner.query(`DROP TABLE idempotency_records`);
  }
}
