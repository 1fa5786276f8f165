import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two team settings, `notify_on_submission` and `notify_on_report_ready` (emails to the ordering user and the
 * listing's notification list), on for every existing team as for new ones. `down` removes them.
 */
export class TeamNotificationSettings1795719067626 implements MigrationInterface {
  readonly name = 'TeamNotificationSettings1795719067626';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE teams SET settings_config = '{"notify_on_submission": true, "notify_on_report_ready": true}'::jsonb || settings_config
        WHERE NOT (settings_config ? 'notify_on_submission' AND settings_config ? 'notify_on_report_ready')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE teams SET settings_config = settings_config - 'notify_on_submission' - 'notify_on_report_ready'`,
    );
  }
}
