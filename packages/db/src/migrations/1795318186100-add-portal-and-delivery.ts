import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The applicant portal and message delivery:
 * - `applicants.portal_draft`: the form as the applicant last saved it (JSON, encrypted at rest: it may hold a
 *   SIN/SSN or a date of birth); cleared on submission.
 * - `applicants.consent`: the signed consent (typed name, date, when, language), encrypted at rest.
 * - `outbox_messages.sender_name`: the display name of the sender (the organisation when white-labelled).
 * - `outbox_messages.delivery`: how a SENT message went out: `smtp`, or `outbox` (kept here for /dev/outbox).
 * - `outbox_messages.last_error`: why the last attempt failed (an error code, never personal data).
 */
export class AddPortalAndDelivery1795318186100 implements MigrationInterface {
  readonly name = 'AddPortalAndDelivery1795318186100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicants ADD COLUMN portal_draft text NULL, ADD COLUMN consent text NULL`);
    await queryRunner.query(`
      ALTER TABLE outbox_messages
        ADD COLUMN sender_name text NULL,
        ADD COLUMN delivery text NULL,
        ADD COLUMN last_error text NULL,
        ADD CONSTRAINT outbox_messages_delivery_check CHECK (delivery IN ('smtp', 'outbox'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_delivery_check, DROP COLUMN last_error, DROP COLUMN delivery, DROP COLUMN sender_name`,
    );
    await queryRunner.query(`ALTER TABLE applicants DROP COLUMN consent, DROP COLUMN portal_draft`);
  }
}
