import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `adverse_actions`: an employer's adverse action against an HR applicant (pre-adverse notice, waiting period,
 * dispute, final notice); the cited items, the portal token and the dispute's explanation are sealed. One open action
 * per applicant at a time (partial unique index). `adverse_action_notices`: the rendered notices (HTML and PDF, sealed),
 * versioned per kind like reports. Both are deleted with the applicant. Outbox messages may be adverse-action notices.
 */
export class CreateAdverseActions1795727243080 implements MigrationInterface {
  readonly name = 'CreateAdverseActions1795727243080';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE adverse_actions (
        id uuid PRIMARY KEY,
        partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
        environment text NOT NULL,
        team_id uuid NOT NULL,
        applicant_id uuid NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
        created_by_user_id uuid NULL,
        state text NOT NULL CHECK (state IN ('pending', 'awaiting_final', 'complete', 'disputed', 'canceled')),
        jurisdiction text NOT NULL,
        waiting_business_days integer NOT NULL,
        language text NOT NULL,
        report_version integer NOT NULL,
        items text NOT NULL,
        portal_token_hash text NOT NULL UNIQUE,
        portal_token text NOT NULL,
        pre_notice_message_id uuid NULL,
        final_notice_message_id uuid NULL,
        final_notice_due_at timestamptz NULL,
        dispute_filed_at timestamptz NULL,
        dispute_item_ids jsonb NULL,
        dispute_explanation text NULL,
        dispute_outcome text NULL,
        dispute_resolved_at timestamptz NULL,
        canceled_at timestamptz NULL,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX adverse_actions_applicant_idx ON adverse_actions (applicant_id, created, id)`,
    );
    await queryRunner.query(`CREATE INDEX adverse_actions_partner_id_idx ON adverse_actions (partner_id)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX adverse_actions_one_open_idx ON adverse_actions (applicant_id)
        WHERE state IN ('pending', 'awaiting_final', 'disputed')`,
    );
    await queryRunner.query(`
      CREATE TABLE adverse_action_notices (
        id uuid PRIMARY KEY,
        adverse_action_id uuid NOT NULL REFERENCES adverse_actions (id) ON DELETE CASCADE,
        partner_id uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('pre_adverse', 'final')),
        version integer NOT NULL,
        language text NOT NULL,
        html text NOT NULL,
        pdf bytea NOT NULL,
        file_name text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT adverse_action_notices_version_unique UNIQUE (adverse_action_id, kind, version)
      )`);
    await queryRunner.query(
      `CREATE INDEX adverse_action_notices_partner_id_idx ON adverse_action_notices (partner_id)`,
    );
    await queryRunner.query(`ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_purpose_check
        CHECK (purpose IN ('invitation', 'notification', 'adverse_action_notice'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM outbox_messages WHERE purpose = 'adverse_action_notice'`);
    await queryRunner.query(`ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_purpose_check CHECK (purpose IN ('invitation', 'notification'))`,
    );
    await queryRunner.query(`DROP TABLE adverse_action_notices`);
    await queryRunner.query(`DROP TABLE adverse_actions`);
  }
}
