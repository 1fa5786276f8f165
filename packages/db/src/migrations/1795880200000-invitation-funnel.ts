import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invitation's funnel (issue 35): when an invited applicant's invitation was first delivered (accepted by the
 * mail server, or kept in the outbox), bounced (refused for good), opened (the first load of the portal), started
 * (the first save of the form) and expired (its link lapsed without a submission). Each is written once, the first
 * time, with its event.
 */
export class InvitationFunnel1795880200000 implements MigrationInterface {
  readonly name = 'InvitationFunnel1795880200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE applicants ADD COLUMN invitation_delivered_at timestamptz NULL,
         ADD COLUMN invitation_bounced_at timestamptz NULL, ADD COLUMN invitation_opened_at timestamptz NULL,
         ADD COLUMN invitation_started_at timestamptz NULL, ADD COLUMN invitation_expired_at timestamptz NULL`,
    );
    // What the expiry sweep looks for: invitations still waiting on the applicant.
    await queryRunner.query(
      `CREATE INDEX applicants_invitation_expiry_idx ON applicants (onboarding_expires_at)
        WHERE report_status = 'SENT' AND status = 'Pending' AND invitation_expired_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX applicants_invitation_expiry_idx`);
    await queryRunner.query(
      `ALTER TABLE applicants DROP COLUMN invitation_delivered_at, DROP COLUMN invitation_bounced_at,
         DROP COLUMN invitation_opened_at, DROP COLUMN invitation_started_at, DROP COLUMN invitation_expired_at`,
    );
  }
}
