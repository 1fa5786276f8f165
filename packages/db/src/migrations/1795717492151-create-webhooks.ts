import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: the endpoints partners register (secrets sealed), the log of each delivery attempt, and which events the
 * worker has fanned out to endpoints already (`webhooks_pending`, a partial index of the few not yet fanned out).
 */
export class CreateWebhooks1795717492151 implements MigrationInterface {
  readonly name = 'CreateWebhooks1795717492151';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        partner_id uuid NOT NULL REFERENCES partners (id),
        environment text NOT NULL CHECK (environment IN ('live', 'demo')),
        team_id uuid NULL,
        url text NOT NULL,
        event_types jsonb NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text NULL,
        secret text NOT NULL,
        previous_secret text NULL,
        previous_secret_expires_at timestamptz NULL,
        failing_since timestamptz NULL,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX webhook_endpoints_partner ON webhook_endpoints (partner_id, environment, created, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE webhook_attempts (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        attempt integer NOT NULL,
        status_code integer NULL,
        duration_ms integer NOT NULL,
        error text NULL,
        succeeded boolean NOT NULL,
        created timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, created, id)`);
    await queryRunner.query(`CREATE INDEX webhook_attempts_created ON webhook_attempts (created)`);
    await queryRunner.query(`ALTER TABLE events ADD COLUMN webhooks_pending boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`CREATE INDEX events_webhooks_pending ON events (id) WHERE webhooks_pending`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events DROP COLUMN webhooks_pending`);
    await queryRunner.query(`DROP TABLE webhook_attempts`);
    await queryRunner.query(`DROP TABLE webhook_endpoints`);
  }
}
