import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log (`recordEvent`): one row per change worth telling a partner, kept 30 days. Listed by partner and
 * environment in time order, filtered by applicant, and pruned by age. Outbox messages say what they are for.
 */
export class CreateEvents1795716332885 implements MigrationInterface {
  readonly name = 'CreateEvents1795716332885';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE events (
        id uuid PRIMARY KEY,
        partner_id uuid NOT NULL REFERENCES partners (id),
        environment text NOT NULL CHECK (environment IN ('live', 'demo')),
        team_id uuid NULL,
        applicant_id uuid NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        created timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX events_partner_created ON events (partner_id, environment, created, id)`);
    await queryRunner.query(`CREATE INDEX events_applicant ON events (applicant_id) WHERE applicant_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX events_created ON events (created)`);
    // What a message is for: its delivery is an event (`invitation.sent`) for invitations only.
    await queryRunner.query(
      `ALTER TABLE outbox_messages ADD COLUMN purpose text NOT NULL DEFAULT 'invitation' CHECK (purpose IN ('invitation', 'notification'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox_messages DROP COLUMN purpose`);
    await queryRunner.query(`DROP TABLE events`);
  }
}
