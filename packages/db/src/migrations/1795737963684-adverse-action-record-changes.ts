import type { MigrationInterface, QueryRunner } from 'typeorm';

const EVENTS = [
  ['inserted', 'INSERT', 'REFERENCING NEW TABLE AS changed'],
  ['updated', 'UPDATE', 'REFERENCING NEW TABLE AS changed'],
  ['deleted', 'DELETE', 'REFERENCING OLD TABLE AS changed'],
] as const;

/**
 * A list of applicants now shows each one's latest adverse action (its adjudication and the results it disputes), so
 * `adverse_actions` tells the read caches of its changes like the other tables a list reads (`RecordChanges`).
 */
export class AdverseActionRecordChanges1795737963684 implements MigrationInterface {
  readonly name = 'AdverseActionRecordChanges1795737963684';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, event, transition] of EVENTS) {
      await queryRunner.query(
        `CREATE TRIGGER adverse_actions_${name}_record AFTER ${event} ON adverse_actions ${transition} FOR EACH STATEMENT EXECUTE FUNCTION svc_record_partner_changes()`,
      );
    }
    await queryRunner.query(
      `CREATE TRIGGER adverse_actions_truncated_record AFTER TRUNCATE ON adverse_actions FOR EACH STATEMENT EXECUTE FUNCTION svc_record_all_partners_changed()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['inserted', 'updated', 'deleted', 'truncated'])
      await queryRunner.query(`DROP TRIGGER adverse_actions_${name}_record ON adverse_actions`);
  }
}
